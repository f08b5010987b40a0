import type { PromoSeries } from '@pult/contract';
import { and, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoSeries, promoSeriesCounters, subscriptionPlans } from '../../db/schema';
import { countRows, type PageCount } from '../../lib/page-count';
import { containsPattern } from '../../lib/sql-search';

type SeriesRow = typeof promoSeries.$inferSelect;

/** Activated and blocked totals per series: the sum of its counter shards. */
async function countersOf(db: Db, ids: number[]) {
  const totals = new Map<number, { activated: number; blocked: number }>();
  if (ids.length === 0) return totals;
  const rows = await db
    .select({
      seriesId: promoSeriesCounters.seriesId,
      activated: sql<number>`sum(${promoSeriesCounters.activated})::int`,
      blocked: sql<number>`sum(${promoSeriesCounters.blocked})::int`,
    })
    .from(promoSeriesCounters)
    .where(inArray(promoSeriesCounters.seriesId, ids))
    .groupBy(promoSeriesCounters.seriesId);
  for (const row of rows) totals.set(row.seriesId, { activated: Number(row.activated), blocked: Number(row.blocked) });
  return totals;
}

async function toSeriesList(db: Db, rows: Array<{ series: SeriesRow; planTitle: string }>): Promise<PromoSeries[]> {
  const counters = await countersOf(
    db,
    rows.map((row) => row.series.id),
  );
  return rows.map(({ series, planTitle }) => ({
    id: series.id,
    name: series.name,
    prefix: series.prefix,
    codeLength: series.codeLength,
    codesCount: series.codesCount,
    planId: series.planId,
    planTitle,
    durationDays: series.durationDays,
    startsAt: series.startsAt?.toISOString() ?? null,
    endsAt: series.endsAt?.toISOString() ?? null,
    status: series.status,
    basketId: series.basketId,
    basketName: series.basketName,
    generationStatus: series.generationStatus,
    generationError: series.generationError,
    generated: series.generated,
    activated: counters.get(series.id)?.activated ?? 0,
    blocked: counters.get(series.id)?.blocked ?? 0,
    createdAt: series.createdAt.toISOString(),
    createdBy: series.createdBy,
  }));
}

export interface SeriesFilter {
  name?: string;
  status?: 'enabled' | 'disabled';
  planId?: number;
  createdFrom?: string;
  createdTo?: string;
}

export async function listSeries(
  db: Db,
  params: { take: number; page: number } & SeriesFilter,
): Promise<{ items: PromoSeries[] } & PageCount> {
  const condition = and(
    params.name ? ilike(promoSeries.name, containsPattern(params.name)) : undefined,
    params.status ? eq(promoSeries.status, params.status) : undefined,
    params.planId ? eq(promoSeries.planId, params.planId) : undefined,
    params.createdFrom ? gte(promoSeries.createdAt, new Date(params.createdFrom)) : undefined,
    params.createdTo ? lte(promoSeries.createdAt, new Date(params.createdTo)) : undefined,
  );
  const total = await countRows(db, db.select({ id: promoSeries.id }).from(promoSeries).where(condition));
  const rows = await db
    .select({ series: promoSeries, planTitle: subscriptionPlans.title })
    .from(promoSeries)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, promoSeries.planId))
    .where(condition)
    .orderBy(desc(promoSeries.createdAt), desc(promoSeries.id))
    .limit(params.take)
    .offset((params.page - 1) * params.take);
  return { items: await toSeriesList(db, rows), ...total };
}

export async function findSeries(db: Db, id: number): Promise<PromoSeries | undefined> {
  const rows = await db
    .select({ series: promoSeries, planTitle: subscriptionPlans.title })
    .from(promoSeries)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, promoSeries.planId))
    .where(eq(promoSeries.id, id));
  return (await toSeriesList(db, rows))[0];
}

/** Shards per series: concurrent activations of one series spread their counter updates over them. */
export const COUNTER_SHARDS = 16;

export async function bumpCounters(db: Db, seriesId: number, delta: { activated?: number; blocked?: number }) {
  const shard = Math.floor(Math.random() * COUNTER_SHARDS);
  await db
    .insert(promoSeriesCounters)
    .values({ seriesId, shard, activated: delta.activated ?? 0, blocked: delta.blocked ?? 0 })
    .onConflictDoUpdate({
      target: [promoSeriesCounters.seriesId, promoSeriesCounters.shard],
      set: {
        activated: sql`${promoSeriesCounters.activated} + ${delta.activated ?? 0}`,
        blocked: sql`${promoSeriesCounters.blocked} + ${delta.blocked ?? 0}`,
      },
    });
}
