import type { AnalyticsPolicies, PeopleFigure, PeopleItem } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { countRows } from '../../lib/page-count';

/** The instants a list covers: rows whose own time is in [lo, hi); `hi` is at most just after now. */
export interface Span {
  lo: Date;
  hi: Date;
}

/** Where the export's keyset stands: the last row's time (exact, as the database prints it) and id. */
export interface After {
  at: string;
  id: number;
}

/** What narrows a list: one promo series, one refusal code (decision 0050). */
export interface Narrow {
  seriesId?: number | undefined;
  reason?: string | undefined;
}

/** One figure's rows: what they are, the time that orders them, and the index range that reads them. */
interface Source {
  /** `id, user_id, at, plan_id, amount, series_id, reason` for the rows of the span, under the policies in force. */
  select: (span: Span, policies: AnalyticsPolicies, narrow: Narrow) => SQL;
}

const ofSeries = (narrow: Narrow) =>
  narrow.seriesId === undefined ? sql`` : sql`AND c.series_id = ${narrow.seriesId}`;

/** The deliveries of the push notifications scheduled in the span (0016: counted under the day scheduled for). */
const deliveries = (which: SQL, reason: SQL): Source => ({
  select: ({ lo, hi }) => sql`
    SELECT d.id, d.user_id, r.scheduled_at AS at, NULL::int AS plan_id, NULL::int AS amount,
      NULL::int AS series_id, ${reason} AS reason
    FROM reminders r JOIN push_deliveries d ON d.reminder_id = r.id
    WHERE r.scheduled_at >= ${lo}::timestamptz AND r.scheduled_at < ${hi}::timestamptz AND ${which}`,
});

/** The payments revenue counts under each refund policy (docs/decisions/0049): the rollup's two variants. */
const revenueRows = (policies: AnalyticsPolicies) =>
  policies.refunds === 'rewriteClosedDays'
    ? sql`t.kind IN ('purchase', 'renewal') AND t.status = 'succeeded'`
    : sql`((t.kind IN ('purchase', 'renewal') AND t.status IN ('succeeded', 'refunded'))
        OR (t.kind = 'refund' AND t.status = 'succeeded'))`;

/** Promo grants left out of the subscription figures when they do not count as subscribers (0049). */
const counted = (policies: AnalyticsPolicies, alias: 's' | 'o') =>
  policies.promoGrantsAsSubscribers ? sql`` : sql`AND ${sql.raw(alias)}.source <> 'promo'`;

const users = (column: 'created_at' | 'last_seen_at', lowerBound: boolean): Source => ({
  select: ({ lo, hi }) => sql`
    SELECT u.id, u.id AS user_id, u.${sql.raw(column)} AS at, NULL::int AS plan_id, NULL::int AS amount,
      NULL::int AS series_id, NULL::text AS reason
    FROM users u
    WHERE u.role = 'user' AND u.${sql.raw(column)} < ${hi}::timestamptz
      ${lowerBound ? sql`AND u.${sql.raw(column)} >= ${lo}::timestamptz` : sql``}`,
});

/** Running at `hi` (a stock): started before it, not canceled, not expired by it (0016's starts − ends). */
const active = (extra: (policies: AnalyticsPolicies) => SQL): Source => ({
  select: ({ hi }, policies) => sql`
    SELECT s.id, s.owner AS user_id, s.started_at AS at, s.plan_id, NULL::int AS amount,
      NULL::int AS series_id, NULL::text AS reason
    FROM subscriptions s
    WHERE s.status <> 'canceled' AND s.started_at < ${hi}::timestamptz
      AND (s.expires_at IS NULL OR s.expires_at >= ${hi}::timestamptz) ${extra(policies)}`,
});

/** Each figure's rows, with the same conditions as the rollup builder (`rollup-sql.ts`). */
const sources: Record<PeopleFigure, Source> = {
  usersTotal: users('created_at', false),
  usersNew: users('created_at', true),
  usersActive: users('last_seen_at', true),
  subscriptionsActive: active((policies) => counted(policies, 's')),
  // Purchases only, whatever the policies (as MRR, decision 0049).
  lifetime: active(
    () =>
      sql`AND s.source = 'purchase' AND s.plan_id IN (SELECT p.id FROM subscription_plans p WHERE p.period = 'lifetime')`,
  ),
  subscriptionsNew: {
    select: ({ lo, hi }, policies) => sql`
      SELECT s.id, s.owner AS user_id, s.started_at AS at, s.plan_id, NULL::int AS amount,
        NULL::int AS series_id, NULL::text AS reason
      FROM subscriptions s
      WHERE s.started_at >= ${lo}::timestamptz AND s.started_at < ${hi}::timestamptz ${counted(policies, 's')}`,
  },
  subscriptionsChurned: {
    select: ({ lo, hi }, policies) => sql`
      SELECT s.id, s.owner AS user_id, s.expires_at AS at, s.plan_id, NULL::int AS amount,
        NULL::int AS series_id, NULL::text AS reason
      FROM subscriptions s
      WHERE s.expires_at >= ${lo}::timestamptz AND s.expires_at < ${hi}::timestamptz ${counted(policies, 's')}
        AND NOT EXISTS (
          SELECT 1 FROM subscriptions o
          WHERE o.owner = s.owner AND o.id <> s.id AND o.status <> 'canceled' ${counted(policies, 'o')}
            AND o.started_at <= s.expires_at AND (o.expires_at IS NULL OR o.expires_at > s.expires_at))`,
  },
  revenue: {
    select: ({ lo, hi }, policies) => sql`
      SELECT t.id, t.user_id, t.created_at AS at, t.plan_id, t.amount, NULL::int AS series_id, NULL::text AS reason
      FROM transactions t
      WHERE t.created_at >= ${lo}::timestamptz AND t.created_at < ${hi}::timestamptz AND ${revenueRows(policies)}`,
  },
  promoActivations: {
    select: ({ lo, hi }, _, narrow) => sql`
      SELECT c.id, c.activated_by AS user_id, c.activated_at AS at, NULL::int AS plan_id, NULL::int AS amount,
        c.series_id, NULL::text AS reason
      FROM promo_codes c
      WHERE c.activated_at IS NOT NULL AND c.activated_at >= ${lo}::timestamptz AND c.activated_at < ${hi}::timestamptz
        ${ofSeries(narrow)}`,
  },
  // The funnel's «activated»: every activation up to the end of the span (its `lo` is the epoch).
  promoActivated: {
    select: ({ hi }, _, narrow) => sql`
      SELECT c.id, c.activated_by AS user_id, c.activated_at AS at, NULL::int AS plan_id, NULL::int AS amount,
        c.series_id, NULL::text AS reason
      FROM promo_codes c
      WHERE c.activated_at IS NOT NULL AND c.activated_at < ${hi}::timestamptz ${ofSeries(narrow)}`,
  },
  // The funnel's «retained» as the snapshot took it at `hi` (rollup-sql's retainedFigures): a user once
  // per series, by their latest code of it.
  promoRetained: {
    select: ({ hi }, _, narrow) => sql`
      SELECT DISTINCT ON (c.series_id, c.activated_by) c.id, c.activated_by AS user_id, c.activated_at AS at,
        NULL::int AS plan_id, NULL::int AS amount, c.series_id, NULL::text AS reason
      FROM promo_codes c
      JOIN promo_series ps ON ps.id = c.series_id
      WHERE c.activated_at IS NOT NULL AND c.activated_by IS NOT NULL ${ofSeries(narrow)}
        AND c.activated_at + make_interval(days => ps.duration_days) <= ${hi}::timestamptz
        AND EXISTS (
          SELECT 1 FROM subscriptions s
          WHERE s.owner = c.activated_by AND s.source = 'purchase' AND s.status <> 'canceled'
            AND s.started_at <= ${hi}::timestamptz AND (s.expires_at IS NULL OR s.expires_at > ${hi}::timestamptz))
      ORDER BY c.series_id, c.activated_by, c.activated_at DESC, c.id DESC`,
  },
  promoRefused: {
    select: ({ lo, hi }, _, narrow) => sql`
      SELECT r.id, r.user_id, r.at, NULL::int AS plan_id, NULL::int AS amount, NULL::int AS series_id, r.reason
      FROM promo_activation_refusals r WHERE r.at >= ${lo}::timestamptz AND r.at < ${hi}::timestamptz
        ${narrow.reason === undefined ? sql`` : sql`AND r.reason = ${narrow.reason}`}`,
  },
  pushSent: deliveries(sql`d.state = 'sent'`, sql`NULL::text`),
  pushFailed: deliveries(sql`d.state = 'failed'`, sql`d.error`),
  pushOpened: deliveries(sql`d.opened_at IS NOT NULL`, sql`NULL::text`),
};

type Row = PeopleItem & { atKey: string };

/**
 * A slice of one figure's rows, newest first (time, then id), with each row's user. The source's own
 * time index serves the order; the page is cut before the users are joined.
 */
// Ids of codes and refusals are bigint, which node-postgres reads as text: float8 keeps them numbers.
const slice = (
  figure: PeopleFigure,
  span: Span,
  policies: AnalyticsPolicies,
  narrow: Narrow,
  after: After | null,
  limit: number,
  offset: number,
) => sql`
  SELECT f.id::float8 AS id, f.user_id AS "userId", coalesce(u.email, '') AS email,
    to_char(f.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, f.at::text AS "atKey",
    f.plan_id AS "planId", f.amount::float8 AS amount, f.series_id AS "seriesId", f.reason
  FROM (SELECT * FROM (${sources[figure].select(span, policies, narrow)}) rows
        ${after ? sql`WHERE (rows.at, rows.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
        ORDER BY rows.at DESC, rows.id DESC LIMIT ${limit} OFFSET ${offset}) f
  LEFT JOIN users u ON u.id = f.user_id
  ORDER BY f.at DESC, f.id DESC`;

/** SQL only: the rows behind the dashboard's figures (docs/decisions/0050), and their counts from the rollups. */
export const peopleRepository = {
  page: (
    db: Db,
    figure: PeopleFigure,
    span: Span,
    policies: AnalyticsPolicies,
    narrow: Narrow,
    paging: { take: number; page: number },
  ) => queryRows<Row>(db, slice(figure, span, policies, narrow, null, paging.take, (paging.page - 1) * paging.take)),

  /** One batch of the export: the rows after `after` in the list's order. */
  after: (
    db: Db,
    figure: PeopleFigure,
    span: Span,
    policies: AnalyticsPolicies,
    narrow: Narrow,
    after: After | null,
    limit: number,
  ) => queryRows<Row>(db, slice(figure, span, policies, narrow, after, limit, 0)),

  /** A flow's stored days (`dashboard_daily`, decision 0016) from `from` (all before when null) through `to`, per dim. */
  storedFlow: (db: Db, metric: string, from: string | null, to: string) =>
    queryRows<{ dim: string; value: number }>(
      db,
      sql`SELECT dim, sum(value)::float8 AS value FROM dashboard_daily
          WHERE metric = ${metric} AND day <= ${to}::date ${from ? sql`AND day >= ${from}::date` : sql``}
          GROUP BY dim`,
    ),

  /** Subscriptions running at the end of `to` per `plan:source`, from the stored starts and ends of every day up to it. */
  storedStock: (db: Db, to: string) =>
    queryRows<{ dim: string; value: number }>(
      db,
      sql`SELECT dim, (coalesce(sum(value) FILTER (WHERE metric = 'starts'), 0)
                     - coalesce(sum(value) FILTER (WHERE metric = 'ends'), 0))::float8 AS value
          FROM dashboard_daily WHERE metric IN ('starts', 'ends') AND day <= ${to}::date GROUP BY dim`,
    ),

  /** Users by the day of their last sighting (kept exact by triggers, decision 0016). */
  lastSeen: async (db: Db, from: string, to: string): Promise<number> => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(users), 0)::float8 AS n FROM dashboard_last_seen
          WHERE day BETWEEN ${from}::date AND ${to}::date`,
    );
    return row?.n ?? 0;
  },

  /**
   * The payments behind revenue: no rollup counts them, and a month of them on 1 M users is a million
   * rows, so they are counted as the transactions list counts (exactly up to 10 000, else estimated).
   */
  revenueRows: (db: Db, span: Span, policies: AnalyticsPolicies) =>
    countRows(
      db,
      sql`SELECT 1 FROM transactions t
          WHERE t.created_at >= ${span.lo}::timestamptz AND t.created_at < ${span.hi}::timestamptz
            AND ${revenueRows(policies)}`,
    ),

  /** The push figures as the dashboard reads them: the counters of the notifications scheduled in the days. */
  pushCounters: async (db: Db, counter: 'sent' | 'failed' | 'opened', from: string, to: string): Promise<number> => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(${sql.raw(counter)}), 0)::float8 AS n FROM reminders
          WHERE pult_day(scheduled_at) BETWEEN ${from}::date AND ${to}::date`,
    );
    return row?.n ?? 0;
  },

  /** The latest «retained» snapshot (taken at the start of the day after its day), per series and '' for all. */
  retainedSnapshot: async (db: Db, before: string): Promise<{ day: string; dims: Map<string, number> } | null> => {
    const rows = await queryRows<{ day: string; dim: string; value: number }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, dim, value::float8 AS value FROM dashboard_daily
          WHERE metric = 'retained'
            AND day = (SELECT max(day) FROM dashboard_daily WHERE metric = 'retained' AND day < ${before}::date)`,
    );
    const first = rows[0];
    return first ? { day: first.day, dims: new Map(rows.map((r) => [r.dim, r.value])) } : null;
  },

  lifetimePlans: async (db: Db): Promise<Set<number>> =>
    new Set(
      (await queryRows<{ id: number }>(db, sql`SELECT id FROM subscription_plans WHERE period = 'lifetime'`)).map(
        (r) => r.id,
      ),
    ),
};
