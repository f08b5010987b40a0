import { api, pathOf, TAKE } from '../lib/api';
import type { LoadScenario, ScenarioContext } from './scenario';

type List = 'subscriptions' | 'transactions';

/** A page of the list, optionally of one user: subscriptions name the user `owner`, transactions `userId`. */
const listPath = (list: List, page: number, user?: number): string =>
  list === 'subscriptions'
    ? pathOf(api.subscriptions.list, { query: { take: TAKE, page, owner: user } })
    : pathOf(api.transactions.list, { query: { take: TAKE, page, userId: user } });

const userField: Record<List, 'owner' | 'userId'> = { subscriptions: 'owner', transactions: 'userId' };

function pageScenario(list: List, page: number, notes: string): LoadScenario {
  return {
    name: `${list}-page-${page}`,
    mode: { kind: 'fixed-rate' },
    target: { p99Ms: 50 },
    notes,
    request: ({ token }) => ({ method: 'GET', path: listPath(list, page), headers: { 'api-token': token } }),
  };
}

/** The user of the newest row: someone who certainly has rows in the list (and usually several). */
async function someUser(context: ScenarioContext, list: List): Promise<number> {
  const query = { take: TAKE, page: 1 };
  const id =
    list === 'subscriptions'
      ? (await context.api.subscriptions.list({ query })).items[0]?.owner
      : (await context.api.transactions.list({ query })).items[0]?.userId;
  if (id === undefined) throw new Error(`no ${list} to take a user from: seed them first`);
  return id;
}

function byUserScenario(list: List, notes: string): LoadScenario {
  const field = userField[list];
  return {
    name: `${list}-by-user`,
    mode: { kind: 'fixed-rate' },
    target: { p99Ms: 20 },
    notes,
    request: async (context) => ({
      method: 'GET',
      path: listPath(list, 1, await someUser(context, list)),
      headers: { 'api-token': context.token },
    }),
    check: (body) => {
      const items = (body as { items?: Record<string, unknown>[] }).items ?? [];
      const owners = new Set(items.map((item) => item[field]));
      return owners.size > 1 ? `the server ignored ${field}= (rows of several users came back)` : null;
    },
  };
}

export const subscriptionsPage1Scenario = pageScenario(
  'subscriptions',
  1,
  'GET /api/subscriptions?take=20&page=1: the newest subscriptions with their owners (additionalInfo.relatedUsers).',
);
export const subscriptionsPage1000Scenario = pageScenario(
  'subscriptions',
  1000,
  'GET /api/subscriptions?take=20&page=1000: a deep page (offset 19 980).',
);
export const subscriptionsByUserScenario = byUserScenario(
  'subscriptions',
  'GET /api/subscriptions?take=20&page=1&owner=<id>: one user’s subscriptions (the owner of the newest one).',
);
export const transactionsPage1Scenario = pageScenario(
  'transactions',
  1,
  'GET /api/transactions?take=20&page=1: the newest payments with the payer’s e-mail.',
);
export const transactionsPage1000Scenario = pageScenario(
  'transactions',
  1000,
  'GET /api/transactions?take=20&page=1000: a deep page (offset 19 980) in (created_at, id) order.',
);
export const transactionsByUserScenario = byUserScenario(
  'transactions',
  'GET /api/transactions?take=20&page=1&userId=<id>: one user’s payments (the payer of the newest one).',
);
