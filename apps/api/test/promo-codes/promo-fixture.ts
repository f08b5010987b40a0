import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { jobs, promoCodes, subscriptionPlans } from '../../src/db/schema';
import { buildTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';

export interface PromoFixture {
  t: TestApp;
  tokens: Record<'admin' | 'editor' | 'user', string>;
  planId: number;
  disabledPlanId: number;
  /** Calls the API as a role; `payload` for POST/PATCH. */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    role?: 'admin' | 'editor' | 'user',
  ): Promise<LightMyRequestResponse>;
  /** A planner user redeems a code through the planner app's endpoint. */
  activate(code: string, token: string): Promise<LightMyRequestResponse>;
  /** Creates a series through the API and waits until its codes are generated. */
  createSeries(body: Record<string, unknown>): Promise<{ id: number; generationStatus: string; generated: number }>;
  /** A series' codes, one of them blocked (in the database, as a bulk block leaves it). */
  codesWithOneBlocked(seriesId: number): Promise<{ fresh: string[]; blocked: string }>;
}

export async function promoFixture(options: TestAppOptions = {}): Promise<PromoFixture> {
  const t = await buildTestApp(options);
  const tokens = { admin: '', editor: '', user: '' };
  for (const role of ['admin', 'editor', 'user'] as const) {
    await t.createUser({ email: `${role}@pult.test`, role });
    tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
  }
  const plans = await t.database.db
    .insert(subscriptionPlans)
    .values([
      { title: 'Месяц', price: 29900, period: 'month', durationDays: 30, sortOrder: 1 },
      { title: 'Годовая подписка', price: 199000, period: 'year', durationDays: 365, sortOrder: 2 },
      { title: 'Старый', price: 100, period: 'month', durationDays: 30, enabled: false },
    ])
    .returning();
  const call: PromoFixture['call'] = (method, url, payload, role = 'editor') =>
    t.app.inject({ method, url, payload, headers: { 'api-token': tokens[role] } });
  const planId = plans[1]?.id ?? 0;
  return {
    t,
    tokens,
    planId,
    disabledPlanId: plans[2]?.id ?? 0,
    call,
    activate: (code, token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/promo-codes/activate',
        payload: { code },
        headers: { 'api-token': token },
      }),
    async createSeries(body) {
      const response = await call('POST', '/api/promo-codes', {
        name: 'Серия',
        codeLength: 8,
        codesCount: 50,
        planId,
        durationDays: 30,
        ...body,
      });
      if (response.statusCode !== 200) throw new Error(`create series: ${response.statusCode} ${response.body}`);
      await t.app.jobs.idle();
      // A generation that threw is retried after a back-off the test clock never reaches: say why,
      // rather than let a test compare a half-made series.
      const [failed] = await t.database.db
        .select({ error: jobs.lastError })
        .from(jobs)
        .where(and(eq(jobs.subjectId, response.json().id), eq(jobs.status, 'pending'), isNotNull(jobs.lastError)));
      if (failed) throw new Error(`the generation job failed and waits for a retry: ${failed.error}`);
      return (await call('GET', `/api/promo-codes/${response.json().id}`)).json();
    },
    async codesWithOneBlocked(seriesId) {
      const fresh = (
        await t.database.db
          .select({ value: promoCodes.value })
          .from(promoCodes)
          .where(eq(promoCodes.seriesId, seriesId))
      ).map((row) => row.value);
      const blocked = fresh.pop() ?? '';
      await t.database.db
        .update(promoCodes)
        .set({ status: 'blocked', blockedAt: new Date() })
        .where(eq(promoCodes.value, blocked));
      return { fresh, blocked };
    },
  };
}
