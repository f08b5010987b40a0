import type { PromoSeries } from '@pult/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promoSeries, promoSeriesCounters, subscriptionPlans } from '../../../db/schema';
import { countRows, type PageCount } from '../../../lib/page-count';
import { containsPattern } from '../../../lib/sql-search';
import { nextVersion, sameVersion } from '../../../lib/versions';
import { type SeriesRow, toSeries } from './series-row';

type NewSeries = typeof promoSeries.$inferInsert;
type PlanRow = typeof subscriptionPlans.$inferSelect;

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

async function withCounters(
  db: Db,
  rows: Array<{ series: SeriesRow; planTitle: string; planPeriod: PromoSeries['planPeriod'] }>,
): Promise<PromoSeries[]> {
  const counters = await countersOf(
    db,
    rows.map((row) => row.series.id),
  );
  return rows.map(({ series, planTitle, planPeriod }) =>
    toSeries(series, { title: planTitle, period: planPeriod }, counters.get(series.id)),
  );
}

export interface SeriesFilter {
  name?: string;
  status?: 'enabled' | 'disabled';
  planId?: number;
  /** Created from / to, both included. */
  from?: string;
  to?: string;
}

/** Shards per series: concurrent activations of one series spread their counter updates over them. */
export const COUNTER_SHARDS = 16;

/** The SQL of promo series and their counters (a series' theme: theme/theme-repository.ts); no rules, no HTTP. */
export const seriesRepository = {
  async list(
    db: Db,
    params: { take: number; page: number } & SeriesFilter,
  ): Promise<{ items: PromoSeries[] } & PageCount> {
    const condition = and(
      params.name ? ilike(promoSeries.name, containsPattern(params.name)) : undefined,
      params.status ? eq(promoSeries.status, params.status) : undefined,
      params.planId ? eq(promoSeries.planId, params.planId) : undefined,
      params.from ? gte(promoSeries.createdAt, new Date(params.from)) : undefined,
      params.to ? lte(promoSeries.createdAt, new Date(params.to)) : undefined,
    );
    const total = await countRows(db, db.select({ id: promoSeries.id }).from(promoSeries).where(condition));
    const rows = await db
      .select({ series: promoSeries, planTitle: subscriptionPlans.title, planPeriod: subscriptionPlans.period })
      .from(promoSeries)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, promoSeries.planId))
      .where(condition)
      .orderBy(desc(promoSeries.createdAt), desc(promoSeries.id))
      .limit(params.take)
      .offset((params.page - 1) * params.take);
    return { items: await withCounters(db, rows), ...total };
  },

  async find(db: Db, id: number): Promise<PromoSeries | undefined> {
    const rows = await db
      .select({ series: promoSeries, planTitle: subscriptionPlans.title, planPeriod: subscriptionPlans.period })
      .from(promoSeries)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, promoSeries.planId))
      .where(eq(promoSeries.id, id));
    return (await withCounters(db, rows))[0];
  },

  /** The few columns most routes need to know a series exists; null when it does not. */
  async head(db: Db, id: number) {
    const [row] = await db
      .select({
        id: promoSeries.id,
        name: promoSeries.name,
        prefix: promoSeries.prefix,
        status: promoSeries.status,
        theme: promoSeries.theme,
        startsAt: promoSeries.startsAt,
        endsAt: promoSeries.endsAt,
      })
      .from(promoSeries)
      .where(eq(promoSeries.id, id));
    return row ?? null;
  },

  async lockStatus(db: Db, id: number) {
    const [row] = await db
      .select({ status: promoSeries.status })
      .from(promoSeries)
      .where(eq(promoSeries.id, id))
      .for('update');
    return row ?? null;
  },

  async insert(db: Db, values: NewSeries): Promise<number> {
    const [row] = await db.insert(promoSeries).values(values).returning({ id: promoSeries.id });
    if (!row) throw new Error('insert returned nothing');
    return row.id;
  },

  /** A change staff made: the next version; with `expected`, only over that version (If-Match). False: it was stale. */
  async update(db: Db, id: number, changes: Pick<NewSeries, 'status'>, expected?: number): Promise<boolean> {
    const rows = await db
      .update(promoSeries)
      .set({ ...changes, ...nextVersion(promoSeries) })
      .where(sameVersion(promoSeries, id, expected))
      .returning({ id: promoSeries.id });
    return rows.length > 0;
  },

  async findPlan(db: Db, id: number): Promise<PlanRow | undefined> {
    const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    return plan;
  },

  enabledPlans: (db: Db): Promise<PlanRow[]> =>
    db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.enabled, true))
      .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id)),

  async bumpCounters(db: Db, seriesId: number, delta: { activated?: number; blocked?: number }) {
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
  },
};
