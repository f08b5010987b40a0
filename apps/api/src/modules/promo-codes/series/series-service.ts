import {
  type CreatePromoSeriesBody,
  createPromoSeriesBody,
  MAX_SERIES_DAYS,
  type PrefilledSeries,
  type PromoSeries,
  type PromoSeriesAction,
  wallClockIn,
  YEARLY_PLAN_TITLE,
} from '@pult/contract';
import { badRequest, HttpError } from '../../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../../lib/service-context';
import { requireStepUp, STEP_UP_ABOVE } from '../../../lib/step-up';
import { staleVersion } from '../../../lib/versions';
import { enqueueJob } from '../../jobs';
import { currentSettings } from '../../settings';
import { PROMO_GENERATION_JOB } from '../generation/generation-worker';
import { seriesNotFound } from '../promo-errors';
import type { Catalog } from './catalog-client';
import { seriesRepository as repo, type SeriesFilter } from './series-repository';

const DAY = 24 * 3600_000;

async function found(ctx: ServiceContext, id: number): Promise<PromoSeries> {
  const series = await repo.find(ctx.db, id);
  if (!series) throw seriesNotFound();
  return series;
}

/**
 * The basket's project name for a new series. A refusal keeps the catalog's status and code (it is
 * the catalog's answer, not a malformed request) and names the form's basket field.
 */
async function basketName(catalog: Catalog, basketId: string): Promise<string> {
  try {
    return (await catalog.customization(basketId)).nameProject;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const field = error.code === 'CUSTOMIZATION_NOT_FOUND' ? 'not_found' : 'invalid';
    throw new HttpError(error.statusCode, error.code, error.message, { basketId: field });
  }
}

/** The rules of promo series: who made them, which plan they grant, whether they may be redeemed. */
export const seriesService = {
  list: async (ctx: ServiceContext, query: { take: number; page: number } & SeriesFilter) => {
    const { items, count, isEstimate } = await repo.list(ctx.db, query);
    return { items, count, countIsEstimate: isEstimate };
  },

  get: found,

  /**
   * Defaults for a new series: the yearly plan as the grant dialog prefers it, else the first enabled
   * one. The name carries today's date on the settings' default time zone (staff's clock), not UTC's:
   * at 01:00 in Moscow it is already the new day there.
   */
  prefilled: async (ctx: ServiceContext): Promise<PrefilledSeries> => {
    const plans = await repo.enabledPlans(ctx.db);
    const plan = plans.find((p) => p.title.toLowerCase() === YEARLY_PLAN_TITLE.toLowerCase()) ?? plans[0];
    const now = ctx.clock.now();
    const { defaultTimeZone } = await currentSettings(ctx);
    const wall = wallClockIn(defaultTimeZone, now);
    const two = (n: number) => String(n).padStart(2, '0');
    const day = `${two(wall.day)}.${two(wall.month + 1)}.${wall.year}`;
    return {
      name: `Серия от ${day}`,
      prefix: 'PULT',
      codeLength: 8,
      codesCount: 1000,
      planId: plan?.id ?? null,
      // A lifetime plan's 36 500 days are its marker, beyond a series' longest grant (and unused by it).
      durationDays: Math.min(plan?.durationDays ?? 30, MAX_SERIES_DAYS),
      startsAt: now.toISOString(),
      endsAt: new Date(now.getTime() + 90 * DAY).toISOString(),
    };
  },

  customization: (ctx: ServiceContext, basketId: string) => ctx.deps.catalog.customization(basketId),

  /** Stores the series and queues its generation job in the same transaction; the workers wake at its commit. */
  create: async (ctx: ServiceContext, input: CreatePromoSeriesBody): Promise<PromoSeries> => {
    const body = createPromoSeriesBody.parse(input);
    if (body.codesCount > STEP_UP_ABOVE) await requireStepUp(ctx);
    const plan = await repo.findPlan(ctx.db, body.planId);
    if (!plan) throw badRequest('PLAN_NOT_FOUND', 'Unknown plan', { planId: 'not_found' });
    if (!plan.enabled) throw badRequest('PLAN_DISABLED', 'The plan is disabled', { planId: 'disabled' });
    const name = body.basketId ? await basketName(ctx.deps.catalog, body.basketId) : null;
    const id = await ctx.db.transaction(async (tx) => {
      const id = await repo.insert(tx, {
        name: body.name,
        prefix: body.prefix,
        codeLength: body.codeLength,
        codesCount: body.codesCount,
        planId: plan.id,
        durationDays: body.durationDays,
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        basketId: body.basketId ?? null,
        basketName: name,
        createdAt: ctx.clock.now(),
        createdBy: actorOf(ctx).userId,
      });
      await enqueueJob(tx, {
        kind: PROMO_GENERATION_JOB,
        subjectId: id,
        runAt: ctx.clock.now(),
        requestId: ctx.requestId,
      });
      await ctx.audit({ action: 'create', entity: 'promo-series', entityId: id, after: body }, tx);
      return id;
    });
    return found(ctx, id);
  },

  setStatus: async (ctx: ServiceContext, id: number, action: PromoSeriesAction): Promise<PromoSeries> => {
    const status = action === 'enable' ? 'enabled' : 'disabled';
    await ctx.db.transaction(async (tx) => {
      const before = await repo.lockStatus(tx, id);
      if (!before) throw seriesNotFound();
      // The row is locked: an update that matched nothing was asked for a version it no longer has.
      if (!(await repo.update(tx, id, { status }, ctx.ifMatch)))
        throw staleVersion(await found({ ...ctx, db: tx }, id));
      await ctx.audit({ action, entity: 'promo-series', entityId: id, before, after: { status } }, tx);
    });
    return found(ctx, id);
  },
};
