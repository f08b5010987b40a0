import {
  type AnalyticsPolicies,
  type PeopleExportQuery,
  type PeopleFigure,
  type PeoplePage,
  type PeopleQuery,
  peopleCsvHeader,
} from '@pult/contract';
import { csvHeader, csvLine } from '../../lib/csv';
import type { ServiceContext } from '../../lib/service-context';
import { currentSettings } from '../settings';
import { dashboardRepository } from './dashboard-repository';
import { policyDims, usableToday } from './dashboard-service';
import { addDays, dayOf, startOfDay } from './moscow-day';
import { rangeOf } from './mrr-movements-service';
import { type After, type Narrow, peopleRepository as repo, type Span } from './people-repository';
import type { DailyMetric } from './rollup-sql';
import { storedRead } from './stored-cache';

const EXPORT_BATCH = 5_000;
const EPOCH = new Date('1970-01-01T00:00:00Z');
const FAR_FUTURE = new Date('9999-01-01T00:00:00Z');

/** Flows: the rollup metric that counts the figure's rows per day (decision 0016). */
const flowMetric: Partial<Record<PeopleFigure, DailyMetric>> = {
  usersNew: 'registrations',
  usersTotal: 'registrations',
  subscriptionsNew: 'new',
  subscriptionsChurned: 'churned',
  promoActivations: 'activations',
  promoActivated: 'activations',
  promoRefused: 'refusals',
  revenue: 'revenue',
};

/** The push figures: the counter of the notifications that each reads (decision 0016). */
const pushCounter: Partial<Record<PeopleFigure, 'sent' | 'failed' | 'opened'>> = {
  pushSent: 'sent',
  pushFailed: 'failed',
  pushOpened: 'opened',
};

/** Stocks and the running totals count every row before the range too. */
const fromTheStart = (figure: PeopleFigure) =>
  figure === 'usersTotal' ||
  figure === 'subscriptionsActive' ||
  figure === 'lifetime' ||
  figure === 'promoActivated' ||
  figure === 'promoRetained';

interface Range {
  from: string;
  to: string;
  today: string;
  span: Span;
}

/** The days asked for (0038's rules: `to` today by default, a year at most, days to come cut off) and their instants. */
function resolve(ctx: ServiceContext, figure: PeopleFigure, query: { from?: string; to?: string }): Range | null {
  const range = rangeOf(ctx, query);
  if (!range) return null;
  const now = ctx.clock.now();
  const today = dayOf(now);
  // Up to now for today, as the dashboard counts it (its live rows end just after now); a sighting has no
  // later bound there, as the dashboard counts every last-seen day from the period's first on.
  // A push counts under the day it is scheduled for, whole (the dashboard sums the day's notifications).
  const hi =
    range.to !== today || pushCounter[figure]
      ? startOfDay(addDays(range.to, 1))
      : figure === 'usersActive'
        ? FAR_FUTURE
        : new Date(now.getTime() + 1);
  return { ...range, today, span: { lo: fromTheStart(figure) ? EPOCH : startOfDay(range.from), hi } };
}

/**
 * The figure for the range exactly as the dashboard reads it: the stored days before today, and today's
 * figures as the dashboard has them (stored by the job plus the rows since, counted live); the dims the
 * counting policies in force choose (decision 0049), as `policyDims` picks them for the dashboard.
 */
async function figureOf(
  ctx: ServiceContext,
  figure: PeopleFigure,
  range: Range,
  policies: AnalyticsPolicies,
  narrow: Narrow,
  retained: Retained | null,
): Promise<number> {
  const { db } = ctx;
  if (figure === 'promoRetained')
    return retained?.dims.get(narrow.seriesId === undefined ? '' : String(narrow.seriesId)) ?? 0;
  const counter = pushCounter[figure];
  if (counter) return repo.pushCounters(db, counter, range.from, range.to);
  if (figure === 'usersActive')
    return repo.lastSeen(db, range.from, range.to === range.today ? '9999-12-31' : range.to);
  const lastStored = range.to < range.today ? range.to : addDays(range.today, -1);
  const now = ctx.clock.now();
  // The stored days are read once per run of the rollup job (stored-cache.ts); today's live rows, of the
  // figure's own metrics only, at every request.
  const fresh = await dashboardRepository.freshness(db);
  const stored = <T>(key: string, read: () => Promise<T>) => storedRead(db, fresh.mark, key, read);
  const metric = flowMetric[figure];
  const todayRows = async () => {
    if (range.to !== range.today) return [];
    const dayStart = startOfDay(range.today);
    const only: DailyMetric[] = metric ? [metric] : ['starts', 'ends'];
    return dashboardRepository.today(db, dayStart, now, usableToday(fresh.today, dayStart, now), only);
  };
  const pick = policyDims(policies);
  if (metric) {
    // Revenue and churned store a variant per policy (dims of their own), new subscriptions a dim per
    // source; the rest sum every dim (series, reasons).
    // A series or a refusal code narrows its figure to its own dim.
    const counts = (dim: string) =>
      metric === 'revenue'
        ? dim === pick.revenue
        : metric === 'churned'
          ? dim === pick.churned
          : metric === 'new'
            ? pick.subscription(dim)
            : metric === 'activations'
              ? narrow.seriesId === undefined || dim === String(narrow.seriesId)
              : metric === 'refusals'
                ? narrow.reason === undefined || dim === narrow.reason
                : true;
    const from = fromTheStart(figure) ? null : range.from;
    const [days, today] = await Promise.all([
      stored(`flow:${metric}:${from}:${lastStored}`, () => repo.storedFlow(db, metric, from, lastStored)),
      todayRows(),
    ]);
    const sum = (rows: Array<{ metric?: string; dim: string; value: number }>) =>
      rows.reduce((n, row) => ((row.metric ?? metric) === metric && counts(row.dim) ? n + row.value : n), 0);
    return sum(days) + sum(today);
  }
  // Stocks: starts − ends per plan:source up to the end of the range: the subscriptions the policy
  // counts, or the purchased lifetime ones.
  const [days, today, lifetimePlans] = await Promise.all([
    stored(`stock:${lastStored}`, () => repo.storedStock(db, lastStored)),
    todayRows(),
    figure === 'lifetime' ? repo.lifetimePlans(db) : Promise.resolve(null),
  ]);
  const counts = (dim: string) => {
    if (!lifetimePlans) return pick.subscription(dim);
    const [plan, source] = dim.split(':');
    return source === 'purchase' && lifetimePlans.has(Number(plan));
  };
  const live = today.reduce(
    (n, row) =>
      counts(row.dim) ? n + (row.metric === 'starts' ? row.value : row.metric === 'ends' ? -row.value : 0) : n,
    0,
  );
  return days.reduce((n, row) => (counts(row.dim) ? n + row.value : n), live);
}

type Retained = NonNullable<Awaited<ReturnType<typeof repo.retainedSnapshot>>>;

/**
 * «Retained» is a snapshot, taken by the job at the start of the day after its day (rollups.ts): its
 * rows are read as of that instant (the start of today when none is stored yet), whatever the days.
 */
async function retainedSpan(
  ctx: ServiceContext,
  figure: PeopleFigure,
  range: Range,
): Promise<{ range: Range; retained: Retained | null }> {
  if (figure !== 'promoRetained') return { range, retained: null };
  const retained = await repo.retainedSnapshot(ctx.db, range.today);
  const at = startOfDay(retained ? addDays(retained.day, 1) : range.today);
  return { range: { ...range, span: { lo: EPOCH, hi: at } }, retained };
}

const narrowOf = (query: { seriesId?: number | undefined; reason?: string | undefined }): Narrow => ({
  seriesId: query.seriesId,
  reason: query.reason,
});

/** The people behind the home screen's figures (docs/decisions/0050): a page, its count, and the CSV. */
export const peopleService = {
  page: async (ctx: ServiceContext, query: PeopleQuery): Promise<PeoplePage> => {
    const resolved = resolve(ctx, query.figure, query);
    if (!resolved) return { items: [], count: 0, countIsEstimate: false, total: query.figure === 'revenue' ? 0 : null };
    const narrow = narrowOf(query);
    const [{ range, retained }, policies] = await Promise.all([
      retainedSpan(ctx, query.figure, resolved),
      currentSettings(ctx).then((settings) => settings.analytics),
    ]);
    const [rows, figure, payments] = await Promise.all([
      repo.page(ctx.db, query.figure, range.span, policies, narrow, query),
      figureOf(ctx, query.figure, range, policies, narrow, retained),
      query.figure === 'revenue' ? repo.revenueRows(ctx.db, range.span, policies) : Promise.resolve(null),
    ]);
    return {
      items: rows.map(({ atKey: _, ...item }) => item),
      count: payments?.count ?? figure,
      countIsEstimate: payments?.isEstimate ?? false,
      total: payments === null ? null : figure,
    };
  },

  /** Every row of one figure as CSV, in keyset batches (the list's order) read one after the other. */
  exportCsv: (ctx: ServiceContext, query: PeopleExportQuery): AsyncGenerator<string> => {
    const resolved = resolve(ctx, query.figure, query);
    const db = ctx.db;
    const narrow = narrowOf(query);
    return (async function* () {
      yield csvHeader(peopleCsvHeader[query.lang ?? 'ru']);
      if (!resolved) return;
      const { range } = await retainedSpan(ctx, query.figure, resolved);
      const policies = (await currentSettings(ctx)).analytics;
      let after: After | null = null;
      for (;;) {
        const rows = await repo.after(db, query.figure, range.span, policies, narrow, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield rows
          .map((r) => csvLine([r.at, r.id, r.userId, r.email, r.planId, r.amount, r.seriesId, r.reason]))
          .join('');
        const last = rows[rows.length - 1];
        if (!last || rows.length < EXPORT_BATCH) return;
        after = { at: last.atKey, id: last.id };
      }
    })();
  },
};
