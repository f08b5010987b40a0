import { type CreatePlanBody, createPlanBody, type Plan, type UpdatePlanBody, updatePlanBody } from '@pult/contract';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { conflictOnUnique } from '../../lib/pg-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { staleVersion } from '../../lib/versions';
import type { CheckedImage } from '../../storage/read-upload';
import { replaceFileColumn } from '../../storage/replace-file';
import { type PlanRow, toPlan } from './plan-row';
import { plansRepository as repo } from './plans-repository';

/** What only an admin may change: the commercial terms, since they decide what people pay. Editors edit texts and icons. */
const ADMIN_ONLY_FIELDS = ['price', 'currency', 'period', 'durationDays'] as const;

export const planNotFound = () => notFound('PLAN_NOT_FOUND', 'Plan not found');

/** A taken title is a unique violation of the case-insensitive index. */
const withUniqueTitle = conflictOnUnique('PLAN_TITLE_TAKEN', 'A plan with this title already exists', 'title');

async function existing(ctx: ServiceContext, id: number): Promise<PlanRow> {
  const row = await repo.lock(ctx.db, id);
  if (!row) throw planNotFound();
  return row;
}

/** The rules about plans: unique titles, admin-only terms, audited changes, icons kept in storage. */
export const plansService = {
  get: async (ctx: ServiceContext, id: number): Promise<Plan> => {
    const row = await repo.find(ctx.db, id);
    if (!row) throw planNotFound();
    return toPlan(row);
  },

  list: async (ctx: ServiceContext) => {
    const rows = await repo.list(ctx.db);
    return { items: rows.map(toPlan), count: rows.length };
  },

  create: (ctx: ServiceContext, body: CreatePlanBody): Promise<Plan> => {
    const values = createPlanBody.parse(body);
    return withUniqueTitle(() =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const row = await repo.insert(tx, { ...values, createdAt: now, updatedAt: now });
        await ctx.audit({ action: 'create', entity: 'plan', entityId: row.id, after: toPlan(row) }, tx);
        return toPlan(row);
      }),
    );
  },

  update: (ctx: ServiceContext, id: number, body: UpdatePlanBody): Promise<Plan> => {
    if (actorOf(ctx).role !== 'admin') {
      const touched = ADMIN_ONLY_FIELDS.filter((field) => body[field] !== undefined);
      if (touched.length > 0) throw forbidden('ADMIN_ONLY_FIELDS', `Only an admin may change ${touched.join(', ')}`);
    }
    return withUniqueTitle(() =>
      ctx.db.transaction(async (tx) => {
        const before = await existing({ ...ctx, db: tx }, id);
        // The pair must stay consistent even when only one half changes.
        const pair = { period: body.period ?? before.period, durationDays: body.durationDays ?? before.durationDays };
        if (!updatePlanBody.safeParse(pair).success)
          throw badRequest('DURATION_MISMATCH', 'durationDays does not match the period', { durationDays: 'mismatch' });
        const row = await repo.update(tx, id, { ...body, updatedAt: ctx.clock.now() }, ctx.ifMatch);
        // The row is locked: an update that matched nothing was asked for a version it no longer has.
        if (!row) throw staleVersion(toPlan(before));
        await ctx.audit(
          { action: 'update', entity: 'plan', entityId: id, before: toPlan(before), after: toPlan(row) },
          tx,
        );
        return toPlan(row);
      }),
    );
  },

  setEnabled: (ctx: ServiceContext, id: number, action: 'enable' | 'disable'): Promise<Plan> =>
    ctx.db.transaction(async (tx) => {
      const before = await existing({ ...ctx, db: tx }, id);
      const row = await repo.update(tx, id, { enabled: action === 'enable', updatedAt: ctx.clock.now() }, ctx.ifMatch);
      if (!row) throw staleVersion(toPlan(before));
      const event = { action, entity: 'plan', entityId: id, before: { enabled: before.enabled } } as const;
      await ctx.audit({ ...event, after: { enabled: row.enabled } }, tx);
      return toPlan(row);
    }),

  /** SVG is refused by the upload check: Pult does not sanitise SVG, and an unsanitised SVG is a script. */
  replaceIcon: (ctx: ServiceContext, id: number, icon: CheckedImage): Promise<Plan> =>
    replaceFileColumn(ctx, icon, {
      entity: 'plan',
      id,
      column: 'icon',
      repo,
      notFound: planNotFound,
      answer: toPlan,
    }).then(toPlan),
};
