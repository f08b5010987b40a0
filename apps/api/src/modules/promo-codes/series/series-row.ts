import type { PromoSeries } from '@pult/contract';
import type { promoSeries } from '../../../db/schema';

export type SeriesRow = typeof promoSeries.$inferSelect;

/** A series row, its plan's title and its counter totals → the contract's series. */
export const toSeries = (
  series: SeriesRow,
  plan: { title: string; period: PromoSeries['planPeriod'] },
  counters: { activated: number; blocked: number } | undefined,
): PromoSeries => ({
  id: series.id,
  name: series.name,
  prefix: series.prefix,
  codeLength: series.codeLength,
  codesCount: series.codesCount,
  planId: series.planId,
  planTitle: plan.title,
  planPeriod: plan.period,
  durationDays: series.durationDays,
  startsAt: series.startsAt?.toISOString() ?? null,
  endsAt: series.endsAt?.toISOString() ?? null,
  status: series.status,
  basketId: series.basketId,
  basketName: series.basketName,
  generationStatus: series.generationStatus,
  generationError: series.generationError,
  generated: series.generated,
  activated: counters?.activated ?? 0,
  blocked: counters?.blocked ?? 0,
  createdAt: series.createdAt.toISOString(),
  createdBy: series.createdBy,
  version: series.version,
});
