import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { wilsonInterval } from '../../src/modules/push/ab/ab-results';
import { captureProvider, type PushFixture, pushFixture } from './push-fixture';

/**
 * A/B texts (issue 34, item 4): up to four texts with a split in percent, a holdout that receives
 * nothing, and the winner sent to the rest once the test window has passed.
 */
const PEOPLE = 2000;
const HOUR = 3_600_000;

const variants = (n: number) =>
  Array.from({ length: n }, (_, index) => ({ title: `Вариант ${'BCD'[index]}`, body: `Текст ${'BCD'[index]}` }));

describe('A/B pushes', () => {
  let f: PushFixture;
  const { provider, sent } = captureProvider();
  const deliveries = (reminderId: number) =>
    queryRows<{ user_id: number; token: string; variant: number | null; state: string; skip_reason: string | null }>(
      f.t.database.db,
      sql`SELECT p.user_id, d.token, p.variant, p.state, p.skip_reason FROM push_deliveries p
          JOIN devices d ON d.id = p.device_id WHERE p.reminder_id = ${reminderId} ORDER BY p.id`,
    );

  beforeAll(async () => {
    f = await pushFixture({ push: { provider } });
    // Many planner people, each with two phones: a person's phones must get the same text.
    await f.t.database.db.execute(
      sql.raw(
        `INSERT INTO users (email, role) SELECT 'ab' || n || '@pult.test', 'user' FROM generate_series(1, ${PEOPLE}) n`,
      ),
    );
    await f.t.database.db.execute(
      sql.raw(`INSERT INTO devices (user_id, token, platform)
               SELECT u.id, 'ab-' || u.id || '-' || k, 'android' FROM users u CROSS JOIN generate_series(1, 2) k
               WHERE u.email LIKE 'ab%@pult.test'`),
    );
  });
  afterAll(() => f.t.close());

  it('refuses a split that does not add up, a window without a rest, a rest without a window, and bad texts', async () => {
    const create = (ab: object) =>
      f.call('POST', '/api/reminders/create-push-notification', {
        title: 'A',
        body: 'A',
        type: 'all',
        scheduledAt: f.t.clock.now().toISOString(),
        ab,
      });
    const refusals: Array<[object, string]> = [
      [{ variants: variants(1), split: [60, 50] }, 'split'],
      [{ variants: variants(1), split: [50] }, 'split'],
      [{ variants: variants(1), split: [50, 50], testHours: 4 }, 'testHours'],
      [{ variants: variants(1), split: [20, 20] }, 'testHours'],
      [{ variants: variants(1), split: [20, 20], holdout: 51, testHours: 2 }, 'holdout'],
      [{ variants: variants(4), split: [10, 10, 10, 10, 10], testHours: 2 }, 'variants'],
      [{ variants: [], split: [100] }, 'variants'],
      [{ variants: [{ title: '', body: 'x' }], split: [50, 50] }, 'variants'],
      [{ variants: variants(1), split: [0, 100] }, 'split'],
      [{ variants: variants(1), split: [20, 20], testHours: 73 }, 'testHours'],
    ];
    for (const [ab, field] of refusals) {
      const response = await create(ab);
      expect(response.statusCode, JSON.stringify(ab)).toBe(400);
      expect(
        Object.keys(response.json().errors ?? {}).some((key) => key.includes(field)),
        response.body,
      ).toBe(true);
    }
    // Nothing was created by the refusals.
    const [row] = await queryRows<{ n: number }>(f.t.database.db, sql`SELECT count(*)::int AS n FROM reminders`);
    expect(Number(row?.n)).toBe(0);
  });

  it('splits people by their shares, gives all of a person’s phones one text, and holds the holdout and the rest back', async () => {
    const push = await f.schedule({
      title: 'Вариант A',
      body: 'Текст A',
      ab: { variants: variants(2), split: [20, 20, 20], holdout: 10, testHours: 4 },
    });
    expect(push.ab).toEqual({
      variants: variants(2),
      split: [20, 20, 20],
      holdout: 10,
      testHours: 4,
      winner: null,
    });
    await f.drain();
    const rows = await deliveries(push.id);
    const byPerson = new Map<number, Set<string>>();
    for (const row of rows)
      byPerson.set(row.user_id, (byPerson.get(row.user_id) ?? new Set()).add(`${row.variant}/${row.state}`));
    expect([...byPerson.values()].every((placements) => placements.size === 1)).toBe(true);
    const people = (test: (row: (typeof rows)[number]) => boolean) =>
      new Set(rows.filter(test).map((row) => row.user_id)).size;
    // 2,000 people: each share within ±4 points of its percent (a binomial 3.5 sigma at 20 %).
    for (const variant of [0, 1, 2]) {
      const n = people((row) => row.variant === variant && row.state === 'sent');
      expect(n / PEOPLE).toBeGreaterThan(0.16);
      expect(n / PEOPLE).toBeLessThan(0.24);
    }
    const holdout = people((row) => row.state === 'skipped' && row.skip_reason === 'holdout');
    expect(holdout / PEOPLE).toBeGreaterThan(0.07);
    expect(holdout / PEOPLE).toBeLessThan(0.13);
    const held = rows.filter((row) => row.state === 'held');
    expect(held.length / 2 / PEOPLE).toBeGreaterThan(0.25);
    expect(held.every((row) => row.variant === null)).toBe(true);

    // Each phone got its person's text; nobody of the holdout or the rest got anything.
    const byToken = new Map(rows.map((row) => [row.token, row]));
    const mine = sent.filter((message) => byToken.has(message.token));
    expect(mine.length).toBe(rows.filter((row) => row.state === 'sent').length);
    for (const message of mine) {
      const variant = byToken.get(message.token)?.variant ?? -1;
      expect(message.title).toBe(`Вариант ${'ABC'[variant]}`);
      expect(message.body).toBe(`Текст ${'ABC'[variant]}`);
    }

    const detail = (await f.call('GET', `/api/reminders/${push.id}`)).json();
    expect(detail.status).toBe('sent');
    expect(detail.held).toBe(held.length);
    expect(detail.skippedBy).toEqual([{ reason: 'holdout', count: rows.filter((r) => r.state === 'skipped').length }]);
    expect(detail.byVariant.map((v: { variant: number; share: number }) => [v.variant, v.share])).toEqual([
      [0, 20],
      [1, 20],
      [2, 20],
    ]);
    expect(new Date(detail.testEndsAt).getTime()).toBe(new Date(detail.startedAt).getTime() + 4 * HOUR);
  });

  it('compares open rates per text with a 95 % interval, and sends the winner to the rest after the window', async () => {
    sent.length = 0;
    const push = await f.schedule({
      title: 'Вариант A',
      body: 'Текст A',
      ab: { variants: variants(1), split: [25, 25], holdout: 0, testHours: 2 },
    });
    await f.drain();
    // B's phones are opened, A's are not.
    const rows = await queryRows<{ id: number; variant: number; user_id: number }>(
      f.t.database.db,
      sql`SELECT id, variant, user_id FROM push_deliveries WHERE reminder_id = ${push.id} AND state = 'sent' AND variant = 1`,
    );
    await f.t.database.db.execute(
      sql`UPDATE push_deliveries SET opened_at = now() WHERE id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`,
    );
    const detail = (await f.call('GET', `/api/reminders/${push.id}`)).json();
    const [a, b] = detail.byVariant;
    expect(a).toMatchObject({ variant: 0, title: 'Вариант A', opened: 0, openRate: 0 });
    expect(b).toMatchObject({ variant: 1, title: 'Вариант B', opened: b.sent, openRate: 1 });
    expect(a.low).toBe(0);
    expect(a.high).toBeGreaterThan(0);
    expect(b.low).toBeLessThan(1);
    expect(b.high).toBe(1);

    // Before the window ends: refused, and nothing moved.
    const early = await f.call('POST', `/api/reminders/${push.id}/send-winner`, { variant: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('AB_TEST_RUNNING');
    expect((await deliveries(push.id)).filter((r) => r.state === 'held').length).toBe(detail.held);

    await f.travel(2 * HOUR + 1000);
    expect((await f.call('POST', `/api/reminders/${push.id}/send-winner`, { variant: 9 })).statusCode).toBe(400);
    expect((await f.call('POST', `/api/reminders/${push.id}/send-winner`, { variant: 2 })).statusCode).toBe(400);
    expect((await f.call('POST', `/api/reminders/${push.id}/send-winner`, {}, 'user')).statusCode).toBe(403);
    expect((await f.call('POST', `/api/reminders/${push.id}/send-winner`, {}, 'anonymous')).statusCode).toBe(401);
    const before = sent.length;
    const chosen = await f.call('POST', `/api/reminders/${push.id}/send-winner`, { variant: 1 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ status: 'sending', ab: { winner: 1 } });
    await f.drain();
    const after = await deliveries(push.id);
    expect(after.filter((r) => r.state === 'held')).toEqual([]);
    const rest = sent.slice(before);
    expect(rest.length).toBe(detail.held);
    expect(rest.every((m) => m.title === 'Вариант B' && m.body === 'Текст B')).toBe(true);
    expect((await f.call('GET', `/api/reminders/${push.id}`)).json()).toMatchObject({ status: 'sent', held: 0 });

    // Once: a second winner is refused, and the audit log has the first.
    const again = await f.call('POST', `/api/reminders/${push.id}/send-winner`, { variant: 0 });
    expect(again.json().code).toBe('AB_NOTHING_TO_SEND');
    const audit = await queryRows<{ action: string }>(
      f.t.database.db,
      sql`SELECT action FROM audit_events WHERE entity = 'reminder' AND entity_id = ${String(push.id)} ORDER BY id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['create', 'send-winner']);
  });

  it('is sent, not failed, when everyone it reached so far waits for the winner', async () => {
    // The next push's id, and a person its hash puts in the rest (buckets 2–99 when A and B take 1 % each).
    const [sequence] = await queryRows<{ last_value: number; is_called: boolean }>(
      f.t.database.db,
      sql`SELECT last_value, is_called FROM reminders_id_seq`,
    );
    const nextId = Number(sequence?.last_value) + (sequence?.is_called ? 1 : 0);
    const [person] = await queryRows<{ id: number }>(
      f.t.database.db,
      sql`SELECT id FROM users WHERE email LIKE 'ab%@pult.test'
            AND ((hashtext(${String(nextId)}::text || ':' || id::text)::bigint % 100 + 100) % 100) >= 2
          ORDER BY id LIMIT 1`,
    );
    const push = await f.schedule({
      type: 'users',
      userIds: [Number(person?.id)],
      ab: { variants: variants(1), split: [1, 1], testHours: 1 },
    });
    expect(push.id).toBe(nextId);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${push.id}`)).json()).toMatchObject({
      status: 'sent',
      sent: 0,
      held: 2,
    });
  });

  it('refuses a winner for a push without a rest, and answers 404 for an unknown push', async () => {
    const plain = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    expect(plain.ab).toBeNull();
    await f.drain();
    const response = await f.call('POST', `/api/reminders/${plain.id}/send-winner`, { variant: 0 });
    expect(response.json().code).toBe('AB_NOTHING_TO_SEND');
    const split = await f.schedule({ ab: { variants: variants(1), split: [50, 50] } });
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${split.id}`)).json()).toMatchObject({ held: 0, testEndsAt: null });
    expect((await f.call('POST', `/api/reminders/${split.id}/send-winner`, { variant: 0 })).json().code).toBe(
      'AB_NOTHING_TO_SEND',
    );
    expect((await f.call('POST', '/api/reminders/999999/send-winner', { variant: 0 })).statusCode).toBe(404);
  });
});

describe('the Wilson interval', () => {
  it('stays within [0, 1], narrows with more trials, and matches a known value', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    const small = wilsonInterval(1, 10);
    const large = wilsonInterval(100, 1000);
    expect(small?.low).toBeGreaterThanOrEqual(0);
    expect(large && small && large.high - large.low < small.high - small.low).toBe(true);
    // 50 of 100: 0.404–0.596 (Wilson, z = 1.96).
    const half = wilsonInterval(50, 100);
    expect(half?.low).toBeCloseTo(0.404, 3);
    expect(half?.high).toBeCloseTo(0.596, 3);
    expect(wilsonInterval(10, 10)?.high).toBe(1);
  });
});
