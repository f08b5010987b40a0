import { type RecordConsentBody, recordConsentBody, type UserConsent, type UserConsents } from '@pult/contract';
import { csvHeader, csvLine } from '../../../lib/csv';
import { notFound } from '../../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../../lib/service-context';
import { requireStepUp } from '../../../lib/step-up';
import { remindersRepository } from '../reminders/reminders-repository';
import { toUserConsent } from './consent-row';
import { consentsRepository as repo } from './consents-repository';

const MAX_USER_AGENT = 500;

const CSV_COLUMNS = ['Время (UTC)', 'Тип', 'Согласие', 'Версия текста', 'IP-адрес', 'Версия приложения', 'User-Agent'];

async function plannerUser(ctx: ServiceContext, userId: number) {
  const [found] = await remindersRepository.existingPlannerUsers(ctx.db, [userId]);
  if (found === undefined) throw notFound('USER_NOT_FOUND', 'User not found');
}

/**
 * Consent to advertising (38-FZ art. 18): the planner app appends a record each time the user gives
 * or withdraws it, with what proves it (time, address, agent, app and wording versions); staff read
 * the history and export it for a regulator. The dispatcher reads the latest one per batch (skips.ts).
 */
export const consentsService = {
  record: async (
    ctx: ServiceContext,
    input: RecordConsentBody,
    from: { appVersion: string | null; userAgent: string | null },
  ): Promise<UserConsent> => {
    const body = recordConsentBody.parse(input);
    const row = await repo.insert(ctx.db, {
      userId: actorOf(ctx).userId,
      type: body.type,
      granted: body.granted,
      at: ctx.clock.now(),
      version: body.version ?? null,
      ip: ctx.ip,
      userAgent: from.userAgent ? from.userAgent.slice(0, MAX_USER_AGENT) : null,
      appVersion: body.appVersion ?? from.appVersion,
    });
    return toUserConsent(row);
  },

  ofUser: async (ctx: ServiceContext, userId: number): Promise<UserConsents> => {
    await plannerUser(ctx, userId);
    const items = (await repo.ofUser(ctx.db, userId, 'newest')).map(toUserConsent);
    return { advertising: items[0]?.granted ?? false, items };
  },

  /** The proof as CSV, oldest first; the export itself is audit-logged (who handed whose data out). */
  csv: async (ctx: ServiceContext, userId: number): Promise<string> => {
    // A file of someone's consents with addresses and devices leaves the system: personal data exported.
    await requireStepUp(ctx);
    await plannerUser(ctx, userId);
    const rows = await repo.ofUser(ctx.db, userId, 'oldest');
    await ctx.audit({ action: 'export', entity: 'user', entityId: userId, after: { consents: rows.length } });
    return (
      csvHeader(CSV_COLUMNS) +
      rows
        .map((row) =>
          csvLine([
            row.at.toISOString(),
            'реклама',
            row.granted ? 'дано' : 'отозвано',
            row.version,
            row.ip,
            row.appVersion,
            row.userAgent,
          ]),
        )
        .join('')
    );
  },
};
