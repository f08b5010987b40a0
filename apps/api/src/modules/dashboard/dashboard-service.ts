import type { AnalyticsPolicies, DashboardData, DashboardPeriod } from '@pult/contract';
import type { ServiceContext } from '../../lib/service-context';
import { currentSettings } from '../settings';
import { type DayFigure, type FigureSums, dashboardRepository as repo } from './dashboard-repository';
import { addDays, dayOf, daysBetween, startOfDay } from './moscow-day';
import { mrrMovementsService } from './mrr-movements-service';
import { REWRITE_CLOSED_DAYS, WITHOUT_PROMO } from './rollup-sql';
import { storedRead } from './stored-cache';

type Span = 'current' | 'previous' | 'beforeCurrent' | 'beforePrevious';
const FUNNEL_SERIES = 10;

/**
 * Which stored dims each figure reads under the policies in force (docs/decisions/0049): revenue and
 * churned keep one variant per policy, subscriptions by source are filtered here.
 */
export function policyDims(policies: AnalyticsPolicies) {
  const counted = (source: string) => policies.promoGrantsAsSubscribers || source !== 'promo';
  return {
    revenue: policies.refunds === 'rewriteClosedDays' ? REWRITE_CLOSED_DAYS : '',
    churned: policies.promoGrantsAsSubscribers ? '' : WITHOUT_PROMO,
    /** A `new` dim (a source) or a `starts`/`ends` dim (plan:source) that counts as a subscription. */
    subscription: (dim: string) => counted(dim.split(':').at(-1) ?? ''),
  };
}

/** Stored sums and today's live figures, read by metric and dimension. */
function figures(sums: FigureSums[], today: DayFigure[]) {
  const stored = (metric: string, span: Span, dim?: (d: string) => boolean) =>
    sums.reduce((n, row) => (row.metric === metric && (!dim || dim(row.dim)) ? n + row[span] : n), 0);
  const live = (metric: string, dim?: (d: string) => boolean) =>
    today.reduce((n, row) => (row.metric === metric && (!dim || dim(row.dim)) ? n + row.value : n), 0);
  /** The period's flow: its past days plus today so far, and the previous period's. */
  const flow = (metric: string, dim?: (d: string) => boolean) => ({
    current: stored(metric, 'current', dim) + live(metric, dim),
    previous: stored(metric, 'previous', dim),
  });
  /** Subscriptions running per plan:source dim: at the start of the period, of the previous one, and now. */
  const dims = new Set([...sums, ...today].filter((r) => r.metric === 'starts').map((r) => r.dim));
  const active = (at: 'now' | 'periodStart' | 'previousStart') => {
    const result = new Map<string, number>();
    for (const dim of dims) {
      const is = (d: string) => d === dim;
      let value: number;
      if (at === 'now')
        value =
          stored('starts', 'beforeCurrent', is) +
          stored('starts', 'current', is) +
          live('starts', is) -
          stored('ends', 'beforeCurrent', is) -
          stored('ends', 'current', is) -
          live('ends', is);
      else {
        const span = at === 'periodStart' ? 'beforeCurrent' : 'beforePrevious';
        value = stored('starts', span, is) - stored('ends', span, is);
      }
      if (value !== 0) result.set(dim, value);
    }
    return result;
  };
  return { stored, live, flow, active };
}

/** A stored today older than this is left aside and today counted live whole: the job has stopped. */
const STORED_TODAY_MAX_AGE_MS = 5 * 60_000;

/** The instant today's stored figures reach, if they are of today and recent; else null. */
export function usableToday(asOf: Date | null, dayStart: Date, now: Date): Date | null {
  if (!asOf || asOf < dayStart || asOf > now) return null;
  return now.getTime() - asOf.getTime() <= STORED_TODAY_MAX_AGE_MS ? asOf : null;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
const ratio = (a: number, b: number, digits = 4) => (b === 0 ? 0 : Math.round((a / b) * 10 ** digits) / 10 ** digits);
const planOf = (dim: string) => Number(dim.split(':')[0]);
const sourceOf = (dim: string) => dim.split(':')[1] ?? '';

/** Assembles the answer; every figure's definition is in the contract (dashboard.ts) and decision 0016. */
export const dashboardService = {
  data: async (ctx: ServiceContext, period: DashboardPeriod): Promise<DashboardData> => {
    const now = ctx.clock.now();
    const today = dayOf(now);
    const from = addDays(today, -(period - 1));
    const bounds = { today, from, previousFrom: addDays(today, -(2 * period - 1)) };
    const [fresh, settings] = await Promise.all([repo.freshness(ctx.db), currentSettings(ctx)]);
    const policies = settings.analytics;
    const pick = policyDims(policies);
    // What the job stored (past days, the snapshot, the MRR day sums) is read once per run of the job
    // (stored-cache.ts); today's rows, the last sightings, plans and push counters at every request.
    const stored = <T>(key: string, read: () => Promise<T>) => storedRead(ctx.db, fresh.mark, key, read);
    const span = `${bounds.previousFrom}/${bounds.from}/${today}`;
    const [sums, days, live, activeUsers, plans, retained, push, mrr] = await Promise.all([
      stored(`sums:${span}`, () => repo.sums(ctx.db, bounds)),
      stored(`days:${span}`, () => repo.days(ctx.db, bounds)),
      repo.today(ctx.db, startOfDay(today), now, usableToday(fresh.today, startOfDay(today), now)),
      repo.activeUsers(ctx.db, from),
      repo.plans(ctx.db),
      stored(`retained:${today}`, () => repo.retained(ctx.db, today)),
      repo.pushSums(ctx.db, bounds),
      stored(`mrr:${from}/${today}`, () => mrrMovementsService.sums(ctx, from, today)),
    ]);
    const f = figures(sums, live);
    const planById = new Map(plans.map((plan) => [plan.id, plan]));

    const money = (active: Map<string, number>) => {
      let mrr = 0;
      let paid = 0;
      let lifetime = 0;
      for (const [dim, count] of active) {
        const plan = planById.get(planOf(dim));
        if (!plan || sourceOf(dim) !== 'purchase') continue;
        if (plan.period === 'lifetime') lifetime += count;
        else {
          mrr += count * (plan.period === 'year' ? plan.price / 12 : plan.price);
          paid += count;
        }
      }
      return { mrr: Math.round(mrr), arppu: paid === 0 ? 0 : Math.round(mrr / paid), lifetime };
    };

    const activeNow = f.active('now');
    const activeAtStart = f.active('periodStart');
    const activeAtPreviousStart = f.active('previousStart');
    const moneyNow = money(activeNow);
    const moneyBefore = money(activeAtStart);
    const churned = f.flow('churned', (dim) => dim === pick.churned);
    /** Subscriptions running that count as subscribers under the policy. */
    const subscribers = (active: Map<string, number>) =>
      sum([...active].filter(([dim]) => pick.subscription(dim)).map(([, n]) => n));
    const byPlan = new Map<number, number>();
    const bySource = { purchase: 0, promo: 0, admin: 0 };
    for (const [dim, count] of activeNow) {
      if (pick.subscription(dim)) byPlan.set(planOf(dim), (byPlan.get(planOf(dim)) ?? 0) + count);
      const source = sourceOf(dim);
      if (source === 'purchase' || source === 'promo' || source === 'admin') bySource[source] += count;
    }

    const activationsBySeries = new Map<number, number>();
    for (const row of [...sums.map((r) => ({ ...r, value: r.current })), ...live])
      if (row.metric === 'activations')
        activationsBySeries.set(Number(row.dim), (activationsBySeries.get(Number(row.dim)) ?? 0) + row.value);
    const topSeries = [...activationsBySeries]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, FUNNEL_SERIES);
    const seriesRows = new Map(
      (
        await repo.series(
          ctx.db,
          topSeries.map(([id]) => id),
        )
      ).map((s) => [s.id, s]),
    );
    const retainedBySeries = new Map(retained.map((r) => [Number(r.dim), r.value]));

    const refusedByReason = new Map<string, number>();
    for (const row of [...sums.map((r) => ({ ...r, value: r.current })), ...live])
      if (row.metric === 'refusals' && row.value > 0)
        refusedByReason.set(row.dim, (refusedByReason.get(row.dim) ?? 0) + row.value);

    const perDay = new Map<string, Record<string, number>>();
    for (const row of [...days, ...live]) {
      if (row.metric === 'revenue' && row.dim !== pick.revenue) continue;
      const point = perDay.get(row.day) ?? {};
      const key = row.metric === 'new' ? `new:${row.dim}` : row.metric;
      point[key] = (point[key] ?? 0) + row.value;
      perDay.set(row.day, point);
    }

    return {
      period,
      policies,
      from,
      to: today,
      asOf: now.toISOString(),
      currency: 'RUB',
      users: {
        total: {
          current: f.stored('registrations', 'beforeCurrent') + f.flow('registrations').current,
          previous: f.stored('registrations', 'beforeCurrent'),
        },
        new: f.flow('registrations'),
        active: { current: activeUsers, previous: null },
      },
      subscriptions: {
        active: { current: subscribers(activeNow), previous: subscribers(activeAtStart) },
        byPlan: [...byPlan]
          .map(([planId, count]) => {
            const plan = planById.get(planId);
            return { planId, title: plan?.title ?? `#${planId}`, period: plan?.period ?? '', count };
          })
          .sort((a, b) => b.count - a.count),
        bySource,
        new: f.flow('new', pick.subscription),
        churned,
        churnRate: {
          current: ratio(churned.current, subscribers(activeAtStart)),
          previous: ratio(churned.previous, subscribers(activeAtPreviousStart)),
        },
      },
      money: {
        revenue: f.flow('revenue', (dim) => dim === pick.revenue),
        mrr: { current: moneyNow.mrr, previous: moneyBefore.mrr },
        arppu: { current: moneyNow.arppu, previous: moneyBefore.arppu },
        lifetime: { current: moneyNow.lifetime, previous: moneyBefore.lifetime },
      },
      mrrMovements: mrr.movements,
      mrrOpening: mrr.opening,
      freshness: {
        today: (usableToday(fresh.today, startOfDay(today), now) ?? now).toISOString(),
        mrrMovements: fresh.mrr ? fresh.mrr.toISOString() : null,
      },
      promo: {
        activations: f.flow('activations'),
        refused: f.flow('refusals'),
        refusedByReason: [...refusedByReason]
          .map(([reason, count]) => ({ reason, count }))
          .sort((a, b) => b.count - a.count),
        funnel: topSeries.map(([seriesId, activatedInPeriod]) => {
          const series = seriesRows.get(seriesId);
          return {
            seriesId,
            name: series?.name ?? `#${seriesId}`,
            generated: series?.generated ?? 0,
            activated: series?.activated ?? 0,
            activatedInPeriod,
            retained: retainedBySeries.get(seriesId) ?? 0,
          };
        }),
      },
      push: {
        sent: { current: push.sent, previous: push.previousSent },
        failed: { current: push.failed, previous: push.previousFailed },
        opened: { current: push.opened, previous: push.previousOpened },
      },
      daily: daysBetween(from, today).map((day) => {
        const point = perDay.get(day) ?? {};
        return {
          day,
          registrations: point.registrations ?? 0,
          revenue: point.revenue ?? 0,
          newByPurchase: point['new:purchase'] ?? 0,
          newByPromo: point['new:promo'] ?? 0,
          newByAdmin: point['new:admin'] ?? 0,
          activations: point.activations ?? 0,
        };
      }),
    };
  },
};
