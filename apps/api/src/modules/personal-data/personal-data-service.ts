import type { PersonalDataExport } from '@pult/contract';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { requireStepUp } from '../../lib/step-up';
import { revisionsService } from '../revisions';
import { personalDataRepository as repo } from './personal-data-repository';

/** The pseudonym's domain: `.invalid` is reserved (RFC 2606), so no mail can ever reach it. */
const ANONYMISED_DOMAIN = 'anonymised.invalid';
export const pseudonymOf = (userId: number) => `anonymised-${userId}@${ANONYMISED_DOMAIN}`;
const isAnonymised = (email: string) => email.endsWith(`@${ANONYMISED_DOMAIN}`);

const userNotFound = () => notFound('USER_NOT_FOUND', 'User not found');

/** Dates as ISO strings, everything else as it is: the export is JSON. */
const plain = <T extends object>(row: T): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

/** A person's rights of access and erasure; the guard lets only admins this far. */
export const personalDataService = {
  async export(ctx: ServiceContext, userId: number): Promise<PersonalDataExport> {
    await requireStepUp(ctx);
    const user = await repo.user(ctx.db, userId);
    if (!user) throw userNotFound();
    const { passwordHash: _hash, ...profile } = user;
    const [
      subscriptions,
      transactions,
      promoActivations,
      promoRefusals,
      sessions,
      consents,
      advertisingConsents,
      devices,
      pushDeliveries,
      auditEvents,
    ] = await Promise.all([
      repo.subscriptions(ctx.db, userId),
      repo.transactions(ctx.db, userId),
      repo.promoActivations(ctx.db, userId),
      repo.promoRefusals(ctx.db, userId),
      repo.sessions(ctx.db, userId),
      repo.consents(ctx.db, userId),
      repo.advertisingConsents(ctx.db, userId),
      repo.devices(ctx.db, userId),
      repo.pushDeliveries(ctx.db, userId),
      repo.auditEvents(ctx.db, userId),
    ]);
    await ctx.audit({ action: 'export-personal-data', entity: 'user', entityId: userId });
    return {
      exportedAt: ctx.clock.now().toISOString(),
      profile: plain(profile),
      subscriptions: subscriptions.map(plain),
      transactions: transactions.map(plain),
      promoActivations: promoActivations.map(plain),
      promoRefusals: promoRefusals.map(plain),
      sessions: sessions.map(plain),
      consents: consents.map(plain),
      advertisingConsents: advertisingConsents.map(plain),
      devices: devices.map(plain),
      pushDeliveries: pushDeliveries.map(plain),
      auditEvents: auditEvents.map(plain),
    };
  },

  /**
   * Irreversible: the account keeps its id (transactions and subscriptions stay for accounting)
   * under a pseudonym; every field that identifies the person is replaced or erased, every session
   * ends, and their devices are forgotten (no notification reaches the phone again). The admin retypes the user's e-mail so a slip of the mouse cannot do it.
   */
  async anonymise(ctx: ServiceContext, userId: number, confirmation: string) {
    const actor = actorOf(ctx);
    await requireStepUp(ctx);
    const now = ctx.clock.now();
    const { avatar, email } = await ctx.db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw userNotFound();
      if (isAnonymised(user.email)) throw conflict('ALREADY_ANONYMISED', 'This user is already anonymised');
      if (user.id === actor.userId) throw conflict('SELF_CHANGE', 'You cannot anonymise yourself');
      if (confirmation.trim().toLowerCase() !== user.email)
        throw badRequest('CONFIRMATION_MISMATCH', "Type the user's e-mail to confirm", { confirmation: 'mismatch' });
      const pseudonym = pseudonymOf(userId);
      await repo.pseudonymise(tx, userId, pseudonym, now);
      await repo.deleteSessions(tx, userId);
      await repo.deleteDevices(tx, userId);
      await repo.eraseTraces(tx, userId);
      // The user's history held the very fields anonymising removes: it goes, and starts again from here.
      await revisionsService.forget(tx, { resource: 'user' }, userId);
      await ctx.audit(
        {
          action: 'anonymise',
          entity: 'user',
          entityId: userId,
          after: { email: pseudonym, anonymisedAt: now.toISOString() },
        },
        tx,
      );
      return { avatar: user.avatar, email: pseudonym };
    });
    // A stored avatar is a photo of the person; a full URL is not ours to delete.
    if (avatar && !/^https?:\/\//.test(avatar)) {
      await ctx.storage.delete(avatar).catch((error: unknown) => ctx.log.warn({ err: error }, 'avatar not deleted'));
    }
    return { id: userId, email, anonymisedAt: now.toISOString() };
  },
};
