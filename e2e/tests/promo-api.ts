import {
  type CreatePromoSeriesBody,
  createFetchClient,
  FetchClientError,
  type PromoSeries,
  sessionOf,
} from '@pult/contract';
import { ACCOUNTS, type Account, BASE_URL } from '../accounts';
import { expect } from '../fixtures';

/** Test data for the promo specs, made through the real API (never through the database). */

const client = (token: string) => createFetchClient(BASE_URL, token);

/** A session token for an account: the planner app's sign-in, as the specs' API set-up needs one. */
export const signIn = async (account: Account = ACCOUNTS.admin): Promise<string> =>
  sessionOf(
    await createFetchClient(BASE_URL).auth.signin({ body: { email: account.email, password: account.password } }),
  ).apiToken;

const YEARLY = 'Годовая подписка';

/** The yearly plan a series grants; created once per database, found by title afterwards. */
export const ensurePlan = async (token: string): Promise<number> => {
  const api = client(token);
  try {
    return (await api.plans.create({ body: { title: YEARLY, price: 199000, period: 'year', durationDays: 365 } })).id;
  } catch (error) {
    if (!(error instanceof FetchClientError) || error.status !== 409) throw error;
  }
  const plan = (await api.plans.list()).items.find((item) => item.title === YEARLY);
  if (!plan) throw new Error('the yearly plan exists but is not listed');
  return plan.id;
};

/** A small series, enabled from yesterday, with its codes generated before the test goes on. */
export const createGeneratedSeries = async (
  token: string,
  overrides: Partial<CreatePromoSeriesBody> = {},
): Promise<PromoSeries> => {
  const api = client(token);
  const planId = await ensurePlan(token);
  const series = await api.promoCodes.create({
    body: {
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
  await expect
    .poll(async () => (await api.promoCodes.get({ params: { id: series.id } })).generationStatus, { timeout: 20_000 })
    .toBe('done');
  return series;
};

export const firstCodes = async (token: string, id: number, take = 5): Promise<string[]> =>
  (await client(token).promoCodes.generatedCodes({ params: { id }, query: { take, page: 1 } })).items.map(
    (item) => item.value,
  );

/** The planner app's side: a `user` signs in and activates a code. */
export const activateAsPlanner = async (code: string) => {
  const token = await signIn(ACCOUNTS.planner);
  await client(token).client.activatePromoCode({ body: { code } });
};
