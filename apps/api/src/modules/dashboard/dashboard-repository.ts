import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type DailyMetric, dailyFigures } from './rollup-sql';

export interface FigureSums {
  metric: string;
  dim: string;
  /** Days of the period before today. */
  current: number;
  previous: number;
  /** Every day before the period, and before the previous period: for stocks at their starts. */
  beforeCurrent: number;
  beforePrevious: number;
}

export interface DayFigure {
  metric: string;
  day: string;
  dim: string;
  value: number;
}

export interface Bounds {
  today: string;
  from: string;
  previousFrom: string;
}

export interface PushSums {
  sent: number;
  failed: number;
  opened: number;
  previousSent: number;
  previousFailed: number;
  previousOpened: number;
}

/** SQL only: the dashboard's reads over rollups (past days) and raw rows (today). */
export const dashboardRepository = {
  /**
   * The counters of the push notifications scheduled in the period and in the previous one, by Moscow
   * day. Reminders are few (one row per notification, not per device), so this reads them directly.
   */
  pushSums: async (db: Db, b: Bounds): Promise<PushSums> => {
    const [row] = await queryRows<PushSums>(
      db,
      sql`SELECT
            coalesce(sum(sent) FILTER (WHERE d >= ${b.from}::date), 0)::float8 AS sent,
            coalesce(sum(failed) FILTER (WHERE d >= ${b.from}::date), 0)::float8 AS failed,
            coalesce(sum(opened) FILTER (WHERE d >= ${b.from}::date), 0)::float8 AS opened,
            coalesce(sum(sent) FILTER (WHERE d < ${b.from}::date), 0)::float8 AS "previousSent",
            coalesce(sum(failed) FILTER (WHERE d < ${b.from}::date), 0)::float8 AS "previousFailed",
            coalesce(sum(opened) FILTER (WHERE d < ${b.from}::date), 0)::float8 AS "previousOpened"
          FROM (SELECT pult_day(scheduled_at) AS d, sent, failed, opened FROM reminders) r
          WHERE d BETWEEN ${b.previousFrom}::date AND ${b.today}::date`,
    );
    return row ?? { sent: 0, failed: 0, opened: 0, previousSent: 0, previousFailed: 0, previousOpened: 0 };
  },

  /** Sums of every stored figure over the spans the answer needs, in one pass over the rollups. */
  sums: (db: Db, b: Bounds) =>
    queryRows<FigureSums>(
      db,
      sql`SELECT metric, dim,
            coalesce(sum(value) FILTER (WHERE day >= ${b.from}::date), 0)::float8 AS current,
            coalesce(sum(value) FILTER (WHERE day >= ${b.previousFrom}::date AND day < ${b.from}::date), 0)::float8 AS previous,
            coalesce(sum(value) FILTER (WHERE day < ${b.from}::date), 0)::float8 AS "beforeCurrent",
            coalesce(sum(value) FILTER (WHERE day < ${b.previousFrom}::date), 0)::float8 AS "beforePrevious"
          FROM dashboard_daily
          WHERE metric <> 'retained' AND day < ${b.today}::date
          GROUP BY metric, dim`,
    ),

  /** The period's past days, per day, for the charts. */
  days: (db: Db, b: Bounds) =>
    queryRows<DayFigure>(
      db,
      sql`SELECT metric, to_char(day, 'YYYY-MM-DD') AS day, dim, value::float8 AS value FROM dashboard_daily
          WHERE metric IN ('registrations', 'revenue', 'new', 'activations')
            AND day >= ${b.from}::date AND day < ${b.today}::date`,
    ),

  /**
   * When the job last stored today's figures and folded the MRR queue (decision 0038), and `mark`: the
   * rows' versions (`xmin`), new at every run, repair and rebuild, which key the stored reads' cache
   * (`stored-cache.ts`).
   */
  freshness: async (db: Db): Promise<{ today: Date | null; mrr: Date | null; mark: string }> => {
    const rows = await queryRows<{ name: string; asOf: string; version: string }>(
      db,
      sql`SELECT name, to_char(as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "asOf",
            xmin::text AS version
          FROM dashboard_freshness ORDER BY name`,
    );
    const at = (name: 'today' | 'mrr') => {
      const row = rows.find((r) => r.name === name);
      return row ? new Date(row.asOf) : null;
    };
    return { today: at('today'), mrr: at('mrr'), mark: rows.map((r) => `${r.name}:${r.version}`).join(',') };
  },

  /**
   * Today so far: the figures the job stored, counted up to `storedTo`, plus the rows since, counted
   * live with the rollups' own definitions (a few seconds of rows, through their time indexes); all of
   * today live when nothing usable is stored (`storedTo` null). `only`: these metrics alone (a people
   * list's count needs one), so the live statement plans and runs only their branches.
   */
  today: (db: Db, dayStart: Date, now: Date, storedTo: Date | null, only?: readonly DailyMetric[]) => {
    const end = new Date(now.getTime() + 1);
    const metrics = only
      ? sql`AND metric IN (${sql.join(
          only.map((metric) => sql`${metric}`),
          sql`, `,
        )})`
      : sql``;
    // One statement for both parts: a round trip fewer per request than two in parallel.
    const stored = storedTo
      ? sql`SELECT metric, to_char(day, 'YYYY-MM-DD') AS day, dim, value::float8 AS value FROM dashboard_daily
            WHERE day = pult_day(${dayStart}::timestamptz) AND metric <> 'retained' ${metrics}
            UNION ALL `
      : sql``;
    return queryRows<DayFigure>(
      db,
      sql`${stored}SELECT metric, to_char(day, 'YYYY-MM-DD') AS day, dim, value::float8 AS value
          FROM (${dailyFigures(storedTo ?? dayStart, end, only)}) today`,
    );
  },

  /** From the last-seen day counts the triggers keep exact; the period's days include today. */
  activeUsers: async (db: Db, from: string): Promise<number> => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(users), 0)::int AS n FROM dashboard_last_seen WHERE day >= ${from}::date`,
    );
    return row?.n ?? 0;
  },

  plans: (db: Db) =>
    queryRows<{ id: number; title: string; period: string; price: number }>(
      db,
      sql`SELECT id, title, period, price FROM subscription_plans ORDER BY sort_order, id`,
    ),

  /** The latest funnel snapshot (taken at the start of today by the job). */
  retained: (db: Db, before: string) =>
    queryRows<{ dim: string; value: number }>(
      db,
      sql`SELECT dim, value::float8 AS value FROM dashboard_daily
          WHERE metric = 'retained' AND dim <> ''
            AND day = (SELECT max(day) FROM dashboard_daily WHERE metric = 'retained' AND day < ${before}::date)`,
    ),

  series: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : queryRows<{ id: number; name: string; generated: number; activated: number }>(
          db,
          sql`SELECT ps.id, ps.name, ps.generated,
                coalesce((SELECT sum(c.activated) FROM promo_series_counters c WHERE c.series_id = ps.id), 0)::int AS activated
              FROM promo_series ps WHERE ps.id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        ),
};
