import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { EstimateCache } from './estimate-cache';

/** Up to this many matching rows are counted exactly; above it the planner's estimate is used. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * A large set's estimate is reused for a few seconds per filter (the statement's text and values):
 * the planner's guess moves only with ANALYZE, and EXPLAIN was one of four round trips of every page.
 * Exact counts (≤ EXACT_COUNT_LIMIT) are never reused, so a row just added shows at once where it is countable.
 */
const estimates = new EstimateCache({ ttlMs: 10_000, maxEntries: 500 });

export interface PageCount {
  count: number;
  isEstimate: boolean;
}

/**
 * Counts the rows of a query the way PostgREST's "estimated" count does (docs/decisions/0005):
 * ask the planner first (about a millisecond); when it expects more than EXACT_COUNT_LIMIT rows,
 * answer its estimate, flagged so the UI shows it as approximate; otherwise count exactly, capped at
 * EXACT_COUNT_LIMIT + 1 rows so a planner that guessed low can never make the count expensive.
 * `cacheKey` names a fixed statement (an unfiltered list) so its estimate is found without rendering the
 * SQL to key it (issue 37: that rendering was 3 % of the users page's CPU); it must never name two statements.
 */
export async function countRows(db: Db, query: SQLWrapper, cacheKey?: string): Promise<PageCount> {
  const explain = sql`explain (format json) ${query}`;
  const key = cacheKey ?? estimates.keyOf(explain);
  const cached = estimates.get(db, key);
  if (cached !== undefined) return { count: cached, isEstimate: true };
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, explain);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  const estimate = Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
  if (estimate > EXACT_COUNT_LIMIT) {
    estimates.set(db, key, estimate);
    return { count: estimate, isEstimate: true };
  }
  const [capped] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (${query} limit ${EXACT_COUNT_LIMIT + 1}) as capped`,
  );
  const exact = Number(capped?.n ?? 0);
  if (exact <= EXACT_COUNT_LIMIT) return { count: exact, isEstimate: false };
  // The planner guessed low; never show fewer rows than we just saw exist.
  const count = Math.max(estimate, exact);
  estimates.set(db, key, count);
  return { count, isEstimate: true };
}

/**
 * Whether a query has more than `limit` rows, counted exactly (reading at most `limit` + 1 of them): for
 * a rule with a line (issue 31's step-up above 100,000 devices), where an estimate could fall either side.
 */
export async function moreRowsThan(db: Db, query: SQLWrapper, limit: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (${query} limit ${limit + 1}) as capped`,
  );
  return Number(row?.n ?? 0) > limit;
}

/**
 * Deep pages of large lists are read from the other end: OFFSET 999 980 costs a scan of a million
 * rows, the same page counted from the end costs twenty. Returns the query plan for one page.
 */
export function pageWindow(total: number, page: number, take: number) {
  const offset = (page - 1) * take;
  if (total <= EXACT_COUNT_LIMIT || offset + take <= total / 2) return { reverse: false, offset, limit: take };
  const limit = Math.max(0, Math.min(take, total - offset));
  return { reverse: true, offset: Math.max(0, total - offset - limit), limit };
}

/**
 * For sets known to be small (one owner's subscriptions, a selective text search): select this beside
 * the page's columns and the page and its exact count come from one query, because `count(*) over ()`
 * is computed before LIMIT. Read it back with `countFromWindow`.
 */
export const windowCount = () => sql<number | string>`count(*) over ()`;

/** The count a page selected with `windowCount` carries; past the last page no row does, so `recount` runs. */
export async function countFromWindow(
  rows: Array<{ total: number | string }>,
  recount: () => Promise<PageCount>,
): Promise<PageCount> {
  const [first] = rows;
  return first ? { count: Number(first.total), isEstimate: false } : recount();
}
