import type { TimelineEntry } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';

let t: DashboardTest;
let userId = 0;
let planId = 0;
const exec = (text: string) => t.database.db.execute(sql.raw(text));

const timeline = async (query = '', token = t.token, id = userId) =>
  t.app.inject({ url: `/api/users/${id}/timeline${query}`, headers: { 'api-token': token } });
const items = async (query = '') => {
  const response = await timeline(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: TimelineEntry[]; count: number };
};

beforeAll(async () => {
  t = await dashboardApp();
  userId = await t.createUser({ email: 'reader@pult.test' });
  await exec(`UPDATE users SET created_at = '2025-01-01T00:00:00Z' WHERE id = ${userId}`);
  const [plan] = await t.rows<{ id: number }>(
    `INSERT INTO subscription_plans (title, price, period, duration_days) VALUES ('Месяц', 29900, 'month', 30) RETURNING id`,
  );
  planId = plan?.id ?? 0;
  await exec(`INSERT INTO transactions (user_id, plan_id, amount, status, provider, kind, created_at)
    SELECT ${userId}, ${planId}, 29900, 'succeeded', 'yookassa', 'renewal', TIMESTAMPTZ '2025-02-01T00:00:00Z' + g * INTERVAL '1 hour'
    FROM generate_series(1, 2000) g`);
  await exec(
    `INSERT INTO promo_activation_refusals (user_id, reason, at) VALUES (${userId}, 'CODE_USED', '2025-05-01T00:00:00Z')`,
  );
  await exec(`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
    VALUES (${userId}, ${planId}, 'active', 'purchase', '2025-01-02T00:00:00Z', '2025-02-01T00:00:00Z')`);
});
afterAll(() => t.close());

describe(`GET /users/:id/timeline (${testDbKind})`, () => {
  it('shows a grant made just now first, with the admin who made it, then the older history', async () => {
    const grant = await t.app.inject({
      url: `/api/subscriptions/subscribe-by-admin/${userId}/${planId}`,
      headers: { 'api-token': t.token },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const page = await items('?take=5');
    expect(page.count).toBe(1 + 2 + 1 + 2001 + 1 + 1);
    expect(page.items.map((e) => e.event)).toEqual(
      expect.arrayContaining(['grant-subscription', 'subscription-started', 'transaction']),
    );
    const staff = page.items.find((e) => e.kind === 'staff');
    expect(staff).toMatchObject({
      event: 'grant-subscription',
      entity: 'subscription',
      actor: { email: 'boss@pult.test' },
    });
    const times = page.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages through thousands of events without gaps or repeats, and filters by kind', async () => {
    const first = await items('?take=100&page=1');
    const second = await items('?take=100&page=2');
    const keys = new Set([...first.items, ...second.items].map((e) => e.key));
    expect(keys.size).toBe(200);
    const last = await items('?take=100&page=21');
    expect(last.items.at(-1)?.event).toBe('registered');

    const promo = await items('?kind=promo');
    expect(promo).toMatchObject({ count: 1, items: [{ event: 'promo-refused', details: { reason: 'CODE_USED' } }] });
    const subs = await items('?kind=subscription,staff');
    expect(subs.items.map((e) => e.event).sort()).toEqual(
      ['grant-subscription', 'subscription-expired', 'subscription-started', 'subscription-started'].sort(),
    );
    expect((await items('?kind=push,agreement')).count).toBe(0);
  });

  it('shows the notifications sent to the user, opened or failed, and the agreements they accepted', async () => {
    const [device] = await t.rows<{ id: number }>(
      `INSERT INTO devices (user_id, token, platform) VALUES (${userId}, 'timeline-device', 'ios') RETURNING id`,
    );
    const [reminder] = await t.rows<{ id: number }>(
      `INSERT INTO reminders (title, body, type, scheduled_at, status, sent, failed, opened)
       VALUES ('Пора планировать', 'Текст', 'all', '2025-05-20T07:00:00Z', 'sent', 1, 1, 1) RETURNING id`,
    );
    const [other] = await t.rows<{ id: number }>(
      `INSERT INTO devices (user_id, token, platform) VALUES (${userId}, 'timeline-device-2', 'android') RETURNING id`,
    );
    await exec(`INSERT INTO push_deliveries (reminder_id, device_id, user_id, platform, state, due_at, sent_at, opened_at)
      VALUES (${reminder?.id}, ${device?.id}, ${userId}, 'ios', 'sent', '2025-05-20T07:00:00Z', '2025-05-20T07:00:05Z',
        '2025-05-20T08:00:00Z')`);
    await exec(`INSERT INTO push_deliveries (reminder_id, device_id, user_id, platform, state, due_at, claimed_at, error)
      VALUES (${reminder?.id}, ${other?.id}, ${userId}, 'android', 'failed', '2025-05-20T07:00:00Z',
        '2025-05-20T07:00:04Z', 'unregistered')`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/common/agreements',
      payload: { type: 'user-agreement', title: 'Пользовательское соглашение', content: 'Текст' },
      headers: { 'api-token': t.token },
    });
    expect(created.statusCode, created.body).toBe(200);
    const reader = await t.signin('reader@pult.test');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/client/agreements/accept',
      payload: { type: 'user-agreement', version: 1 },
      headers: { 'api-token': reader.apiToken },
    });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);

    const push = await items('?kind=push');
    expect(push.items.map((e) => [e.event, e.at])).toEqual([
      ['push-opened', '2025-05-20T08:00:00.000Z'],
      ['push-sent', '2025-05-20T07:00:05.000Z'],
      ['push-failed', '2025-05-20T07:00:04.000Z'],
    ]);
    expect(push.items[0]).toMatchObject({ entity: 'reminder', entityId: String(reminder?.id) });
    expect(push.items[0]?.details).toMatchObject({ title: 'Пора планировать', platform: 'ios' });
    const agreement = await items('?kind=agreement');
    expect(agreement.items).toEqual([
      expect.objectContaining({
        event: 'agreement-accepted',
        details: expect.objectContaining({ type: 'user-agreement', version: 1 }),
      }),
    ]);
  });

  it('answers 404 for an unknown user, 400 for an unknown kind, 403 to a planner user', async () => {
    expect((await timeline('', t.token, 999_999)).statusCode).toBe(404);
    expect((await timeline('?kind=nonsense')).statusCode).toBe(400);
    const user = (await t.signin('reader@pult.test')).apiToken;
    expect((await timeline('', user)).statusCode).toBe(403);
  });
});
