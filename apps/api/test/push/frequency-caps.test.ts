import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushFixture, pushFixture } from './push-fixture';

/**
 * Frequency caps on advertising: at most N a person per day and per week (from Monday), counted on
 * the person's own clock, at a clock the test moves. Service pushes are neither capped nor counted.
 */
const HOUR = 3600_000;

describe('frequency caps on advertising pushes', () => {
  let f: PushFixture;
  const settings = (body: object, as = 'admin') =>
    f.t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: body,
      headers: { 'api-token': f.tokens[as] ?? '' },
    });
  const detail = async (id: number) => (await f.call('GET', `/api/reminders/${id}`)).json();
  const send = async (category: 'advertising' | 'service') => {
    const push = await f.schedule({ category, type: 'users', userIds: [f.ids.free, f.ids.subscriber] });
    await f.drain();
    return detail(push.id);
  };

  beforeAll(async () => {
    f = await pushFixture();
    // Monday 12:00 UTC, at least a day ahead: 22:00 in Vladivostok (UTC+10), morning in New York.
    const now = f.t.clock.now();
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12));
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    await f.travel(monday.getTime() - now.getTime());
    await f.device('free', 'vl-1', 'android', 'Asia/Vladivostok');
    await f.device('subscriber', 'ny-1', 'android', 'America/New_York');
    await f.device('subscriber', 'ny-2', 'ios', 'America/New_York');
    for (const as of ['free', 'subscriber'])
      await f.t.app.inject({
        method: 'POST',
        url: '/api/client/consents',
        payload: { type: 'advertising', granted: true },
        headers: { 'api-token': f.tokens[as] ?? '' },
      });
  });
  afterAll(() => f.t.close());

  it('refuses caps out of range and from editors', async () => {
    expect((await settings({ pushAdvertisingCaps: { perDay: 0, perWeek: null } })).statusCode).toBe(400);
    expect((await settings({ pushAdvertisingCaps: { perDay: 1 } })).statusCode).toBe(400);
    expect((await settings({ pushAdvertisingCaps: { perDay: 1, perWeek: 2 } }, 'editor')).statusCode).toBe(403);
    const saved = await settings({ pushAdvertisingCaps: { perDay: 1, perWeek: 2 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().pushAdvertisingCaps).toEqual({ perDay: 1, perWeek: 2 });
  });

  it('counts each person on their own clock, per day and per week, every device of one push included', async () => {
    // Monday 12:00 UTC: nobody has had one.
    expect(await send('advertising')).toMatchObject({ targeted: 3, sent: 3, skipped: 0 });
    // A service push in between: sent to all, counted for nobody.
    await f.travel(HOUR);
    expect(await send('service')).toMatchObject({ sent: 3, skipped: 0 });
    // Monday 15:00 UTC: Tuesday 01:00 in Vladivostok (a new day), still Monday morning in New York.
    await f.travel(2 * HOUR);
    const second = await send('advertising');
    expect(second).toMatchObject({ targeted: 3, sent: 1, skipped: 2 });
    expect(second.skippedBy).toEqual([{ reason: 'cap_day', count: 2 }]);
    // Tuesday 15:00 UTC: Wednesday in Vladivostok, two this week already; Tuesday in New York, one.
    await f.travel(24 * HOUR);
    const third = await send('advertising');
    expect(third).toMatchObject({ sent: 2, skipped: 1 });
    expect(third.skippedBy).toEqual([{ reason: 'cap_week', count: 1 }]);
    // The next Monday starts a new week everywhere.
    await f.travel(6 * 24 * HOUR);
    expect(await send('advertising')).toMatchObject({ sent: 3, skipped: 0 });
  });

  it('caps nothing once the caps are off', async () => {
    expect((await settings({ pushAdvertisingCaps: { perDay: null, perWeek: null } })).statusCode).toBe(200);
    expect(await send('advertising')).toMatchObject({ sent: 3, skipped: 0 });
  });

  it("takes the clock of the person's latest device whose zone the database knows", async () => {
    expect((await settings({ pushAdvertisingCaps: { perDay: 1, perWeek: null } })).statusCode).toBe(200);
    // The next Monday 12:00 UTC, as in the first test.
    const now = f.t.clock.now();
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12));
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    await f.travel(monday.getTime() - now.getTime());
    // The Vladivostok person's newest phone names a zone no zone database has (an app's typo): their
    // older phone's Vladivostok still sets their clock, not the push's Moscow.
    await f.device('free', 'vl-2', 'ios', 'Asia/Vladivostok');
    await f.t.database.db.execute(
      sql`UPDATE devices SET time_zone = 'Atlantis/Poseidonis', last_seen_at = ${new Date(monday.getTime() + 3_600_000)}
          WHERE token = 'vl-2'`,
    );
    expect(await send('advertising')).toMatchObject({ targeted: 4, sent: 4, skipped: 0 });
    // 14:00 UTC: Tuesday 00:00 in Vladivostok (a new day, so both phones get it); 17:00 in Moscow and
    // 10:00 in New York, the same day (capped).
    await f.travel(2 * HOUR);
    const next = await send('advertising');
    expect(next).toMatchObject({ targeted: 4, sent: 2, skipped: 2 });
    expect(next.skippedBy).toEqual([{ reason: 'cap_day', count: 2 }]);
  });
});
