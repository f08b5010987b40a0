import type { LightMyRequestResponse } from 'fastify';
import { subscriptionPlans, subscriptions } from '../../src/db/schema';
import type { PushMessage, PushProvider } from '../../src/modules/push';
import { buildTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';

export type Role = 'admin' | 'editor' | 'user';

/** A provider that answers "sent" to everything and keeps every message it was given, in order. */
export function captureProvider(): { provider: PushProvider; sent: PushMessage[] } {
  const sent: PushMessage[] = [];
  const provider: PushProvider = {
    name: 'capture',
    async send(messages) {
      sent.push(...messages);
      return messages.map(() => ({ status: 'sent' as const }));
    },
  };
  return { provider, sent };
}

export interface PushFixture {
  t: TestApp;
  tokens: Record<string, string>;
  /** Planner users: `subscriber` has an active subscription, `free` has none, `other` is a second free user. */
  ids: Record<'subscriber' | 'free' | 'other', number>;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as?: string): Promise<LightMyRequestResponse>;
  /** Registers a device as a planner user through the client API. */
  device(as: 'subscriber' | 'free' | 'other', token: string, platform?: string, timeZone?: string): Promise<number>;
  /** Schedules a push through the API; `at` defaults to now. */
  schedule(body?: Record<string, unknown>): Promise<{ id: number } & Record<string, unknown>>;
  /** Moves the clock on and signs everyone in again (access tokens live an hour). */
  travel(ms: number): Promise<void>;
  /** Wakes the job worker and waits until no due job is left. */
  drain(): Promise<void>;
}

export async function pushFixture(options: TestAppOptions = {}): Promise<PushFixture> {
  const t = await buildTestApp(options);
  const tokens: Record<string, string> = { ...(await t.accounts(['admin', 'editor'])).tokens };
  const ids = { subscriber: 0, free: 0, other: 0 };
  for (const name of ['subscriber', 'free', 'other'] as const) {
    ids[name] = await t.createUser({ email: `${name}@pult.test`, role: 'user' });
    tokens[name] = (await t.signin(`${name}@pult.test`)).apiToken;
  }
  tokens.user = tokens.free ?? '';
  const [plan] = await t.database.db
    .insert(subscriptionPlans)
    .values({ title: 'Месяц', price: 29900, period: 'month', durationDays: 30, sortOrder: 1 })
    .returning();
  const now = t.clock.now();
  await t.database.db.insert(subscriptions).values({
    owner: ids.subscriber,
    planId: plan?.id ?? 0,
    status: 'active',
    source: 'admin',
    startedAt: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  const call: PushFixture['call'] = (method, url, payload, as = 'editor') =>
    t.app.inject({ method, url, payload, headers: as === 'anonymous' ? {} : { 'api-token': tokens[as] ?? '' } });
  return {
    t,
    tokens,
    ids,
    call,
    async device(as, token, platform = 'android', timeZone) {
      const response = await call('POST', '/api/client/devices', { token, platform, timeZone }, as);
      if (response.statusCode !== 200) throw new Error(`device: ${response.statusCode} ${response.body}`);
      return response.json().id;
    },
    async schedule(body = {}) {
      const response = await call('POST', '/api/reminders/create-push-notification', {
        title: 'Скидка 20%',
        body: 'Только сегодня',
        type: 'all',
        scheduledAt: t.clock.now().toISOString(),
        ...body,
      });
      if (response.statusCode !== 200) throw new Error(`schedule: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async travel(ms) {
      t.clock.advance(ms);
      for (const name of Object.keys(tokens)) {
        if (name === 'user') continue;
        tokens[name] = (await t.signin(`${name}@pult.test`)).apiToken;
      }
      tokens.user = tokens.free ?? '';
    },
    async drain() {
      t.app.jobs.wake();
      await t.app.jobs.idle();
    },
  };
}
