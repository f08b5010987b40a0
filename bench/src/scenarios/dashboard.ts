import { api, pathOf } from '../lib/api';
import type { LoadScenario, ScenarioContext } from './scenario';

/** Dashboard figures for 30 days: past days from the rollups, today live (docs/decisions/0016). */
export const dashboardDataScenario: LoadScenario = {
  name: 'dashboard-data-30',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 100 },
  notes: 'GET /api/common/dashboard-data?period=30 at the fixed rate (the issue asks 20 req/s).',
  request: ({ token }) => ({
    method: 'GET',
    path: pathOf(api.dashboard.data, { query: { period: 30 } }),
    headers: { 'api-token': token },
  }),
  check: (body) => ((body as { daily?: unknown[] }).daily?.length === 30 ? null : 'no 30 daily points in the answer'),
};

/** The same for 90 days: the period the per-request MRR movements never answered (decision 0038). */
export const dashboardData90Scenario: LoadScenario = {
  ...dashboardDataScenario,
  name: 'dashboard-data-90',
  notes: 'GET /api/common/dashboard-data?period=90 at the fixed rate (MRR movements from their rollup).',
  request: ({ token }) => ({
    method: 'GET',
    path: pathOf(api.dashboard.data, { query: { period: 90 } }),
    headers: { 'api-token': token },
  }),
  check: (body) => ((body as { daily?: unknown[] }).daily?.length === 90 ? null : 'no 90 daily points in the answer'),
};

/** A drill-down page of the MRR movements: churn of the last 30 days (the largest list), page 1 and page 50. */
const mrrMovementsScenario = (page: number): LoadScenario => ({
  name: `mrr-movements-page-${page}`,
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 50 },
  notes: `GET /api/analytics/mrr-movements?kind=churn&take=20&page=${page}: the customers behind the 30 days' churn.`,
  request: ({ token }) => ({
    method: 'GET',
    path: pathOf(api.dashboard.mrrMovements, { query: { kind: 'churn', take: 20, page } }),
    headers: { 'api-token': token },
  }),
  check: (body) => ((body as { items?: unknown[] }).items?.length === 20 ? null : 'not a full page of movements'),
});
export const mrrMovementsPage1Scenario = mrrMovementsScenario(1);
export const mrrMovementsPage50Scenario = mrrMovementsScenario(50);

/**
 * A page of the people behind a KPI card (decision 0050), 30 days: new users (a flow), active
 * subscriptions (a stock, its count from every stored day), revenue (payments, counted or estimated).
 */
const peopleScenario = (figure: 'usersNew' | 'subscriptionsActive' | 'revenue', name: string): LoadScenario => ({
  name: `people-${name}-page-1`,
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 50 },
  notes: `GET /api/analytics/people?figure=${figure}&take=20&page=1: the rows behind the 30 days' figure.`,
  request: ({ token }) => ({
    method: 'GET',
    path: pathOf(api.dashboard.people, { query: { figure, take: 20, page: 1 } }),
    headers: { 'api-token': token },
  }),
  check: (body) => ((body as { items?: unknown[] }).items?.length === 20 ? null : 'not a full page of people'),
});
export const peopleUsersNewScenario = peopleScenario('usersNew', 'users-new');
export const peopleSubscriptionsActiveScenario = peopleScenario('subscriptionsActive', 'subscriptions-active');
export const peopleRevenueScenario = peopleScenario('revenue', 'revenue');

/** The user with the most transactions on the first page: a timeline of hundreds of events. */
async function busyUser(context: ScenarioContext): Promise<number> {
  const { items } = await context.api.transactions.list({ query: { take: 100, page: 1 } });
  const id = items[0]?.userId;
  if (id === undefined) throw new Error('no transactions to take a user from: seed them first');
  return id;
}

export const userTimelineScenario: LoadScenario = {
  name: 'user-timeline-page-1',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 50 },
  notes: "GET /api/users/:id/timeline?take=20&page=1: one user's events from every source, merged.",
  request: async (context) => ({
    method: 'GET',
    path: pathOf(api.dashboard.userTimeline, { params: { id: await busyUser(context) }, query: { take: 20, page: 1 } }),
    headers: { 'api-token': context.token },
  }),
};
