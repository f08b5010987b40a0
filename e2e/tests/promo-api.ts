import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, type Account } from '../accounts';
import { expect } from '../fixtures';

/** Test data for the promo specs, made through the real API (never through the database). */

export const signIn = async (request: APIRequestContext, account: Account = ACCOUNTS.admin): Promise<string> => {
  const response = await request.post('/api/users/signin', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { apiToken: string }).apiToken;
};

const auth = (token: string) => ({ 'Api-Token': token });

/** The yearly plan a series grants; created once per database, found by title afterwards. */
export const ensurePlan = async (request: APIRequestContext, token: string): Promise<number> => {
  const created = await request.post('/api/subscriptions/desc', {
    headers: auth(token),
    data: { title: 'Годовая подписка', price: 199000, period: 'year', durationDays: 365 },
  });
  if (created.ok()) return ((await created.json()) as { id: number }).id;
  expect(created.status(), await created.text()).toBe(409);
  const list = await request.get('/api/subscriptions/desc', { headers: auth(token) });
  const { items } = (await list.json()) as { items: { id: number; title: string }[] };
  const plan = items.find((item) => item.title === 'Годовая подписка');
  if (!plan) throw new Error('the yearly plan exists but is not listed');
  return plan.id;
};

export interface SeriesFacts {
  id: number;
  name: string;
  generationStatus: string;
  generated: number;
}

/** A small series, enabled from yesterday, with its codes generated before the test goes on. */
export const createGeneratedSeries = async (
  request: APIRequestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<SeriesFacts> => {
  const planId = await ensurePlan(request, token);
  const response = await request.post('/api/promo-codes', {
    headers: auth(token),
    data: {
      name: `E2E ${Date.now()}`,
      prefix: 'E2E',
      codeLength: 8,
      codesCount: 20,
      planId,
      durationDays: 365,
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const series = (await response.json()) as SeriesFacts;
  await expect
    .poll(
      async () => {
        const current = await request.get(`/api/promo-codes/${series.id}`, { headers: auth(token) });
        return ((await current.json()) as SeriesFacts).generationStatus;
      },
      { timeout: 20_000 },
    )
    .toBe('done');
  return series;
};

export const firstCodes = async (request: APIRequestContext, token: string, id: number, take = 5) => {
  const response = await request.get(`/api/promo-codes/${id}/generated-codes?take=${take}&page=1`, {
    headers: auth(token),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { value: string }[] }).items.map((item) => item.value);
};

/** The planner app's side: a `user` signs in and activates a code (product.md §7). */
export const activateAsPlanner = async (request: APIRequestContext, code: string) => {
  const token = await signIn(request, ACCOUNTS.planner);
  const response = await request.post('/api/client/promo-codes/activate', { headers: auth(token), data: { code } });
  expect(response.status(), await response.text()).toBe(200);
};
