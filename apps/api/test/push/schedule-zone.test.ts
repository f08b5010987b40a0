import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { type PushFixture, pushFixture } from './push-fixture';

/** UTC instant `days` after the fixture's today at `hour`:`minute` UTC. */
const utcDay = (from: Date, days: number, hour: number, minute = 0) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days, hour, minute));

describe('push scheduling: the settings’ time zone and quiet hours', () => {
  let f: PushFixture;
  const admin = (method: 'GET' | 'PATCH', body?: object) =>
    f.t.app.inject({
      method,
      url: '/api/common/settings',
      payload: body,
      headers: { 'api-token': f.tokens.admin ?? '' },
    });
  const dueTimes = async (reminderId: number) =>
    (
      await queryRows<{ token: string; due_at: Date | string }>(
        f.t.database.db,
        sql`SELECT d.token, p.due_at FROM push_deliveries p JOIN devices d ON d.id = p.device_id
            WHERE p.reminder_id = ${reminderId} ORDER BY d.token`,
      )
    ).map((row) => [row.token, new Date(row.due_at).toISOString()]);

  beforeAll(async () => {
    f = await pushFixture();
    await f.device('subscriber', 'a-vladivostok', 'android', 'Asia/Vladivostok');
    await f.device('subscriber', 'b-kaliningrad', 'ios', 'Europe/Kaliningrad');
    // No zone sent by the app: the recipient's clock is the zone the push was scheduled in.
    await f.device('free', 'c-no-zone', 'web');
  });
  afterAll(() => f.t.close());

  it('holds back what would arrive in quiet hours until they end, on each recipient’s clock', async () => {
    const saved = await admin('PATCH', { pushQuietHours: { enabled: true, start: '22:00', end: '09:00' } });
    expect(saved.statusCode).toBe(200);
    // 23:00 in Moscow (20:00 UTC) two days on: 06:00 in Vladivostok, 22:00 in Kaliningrad, 23:00 in Moscow.
    const at = utcDay(f.t.clock.now(), 2, 20);
    const created = await f.schedule({ type: 'all', scheduledAt: at.toISOString() });
    expect(created.timeZone).toBe('Europe/Moscow');
    await f.travel(at.getTime() - f.t.clock.now().getTime() + 1000);
    await f.drain();
    expect(await dueTimes(created.id)).toEqual([
      ['a-vladivostok', utcDay(at, 0, 23).toISOString()], // 09:00 Vladivostok (UTC+10), the same night
      ['b-kaliningrad', utcDay(at, 1, 7).toISOString()], // 09:00 Kaliningrad (UTC+2), the next morning
      ['c-no-zone', utcDay(at, 1, 6).toISOString()], // 09:00 Moscow (UTC+3), the next morning
    ]);
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({ sent: 0, pending: 3 });

    // 09:00 Vladivostok has come: that device only.
    await f.travel(utcDay(at, 0, 23).getTime() - f.t.clock.now().getTime() + 1000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({ sent: 1, pending: 2 });
    await f.travel(8 * 3600_000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({ status: 'sent', sent: 3 });
  });

  it('sends at once what falls outside quiet hours, and everything when they are off', async () => {
    // 12:00 Moscow tomorrow: 19:00 in Vladivostok, 11:00 in Kaliningrad; none is quiet.
    const noon = utcDay(f.t.clock.now(), 1, 9);
    const created = await f.schedule({ type: 'all', scheduledAt: noon.toISOString() });
    await f.travel(noon.getTime() - f.t.clock.now().getTime() + 1000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json()).toMatchObject({ status: 'sent', sent: 3 });

    expect(
      (await admin('PATCH', { pushQuietHours: { enabled: false, start: '22:00', end: '09:00' } })).statusCode,
    ).toBe(200);
    const night = utcDay(f.t.clock.now(), 1, 20); // 23:00 Moscow
    const late = await f.schedule({ type: 'all', scheduledAt: night.toISOString() });
    await f.travel(night.getTime() - f.t.clock.now().getTime() + 1000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${late.id}`)).json()).toMatchObject({ status: 'sent', sent: 3 });
  });

  it('schedules on the clock of the settings’ default time zone, kept with each push', async () => {
    const before = await f.schedule({ type: 'all', scheduledAt: utcDay(f.t.clock.now(), 3, 9).toISOString() });
    expect((await admin('PATCH', { defaultTimeZone: 'Asia/Novosibirsk' })).statusCode).toBe(200);
    // The SPA learns the zone before sign-in, from the public configuration.
    const config = await f.t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().timeZone).toBe('Asia/Novosibirsk');

    // 12:00 on Novosibirsk clocks (UTC+7) = 05:00 UTC, at local time: 12:00 on each device's clock.
    const noon = utcDay(f.t.clock.now(), 2, 5);
    const created = await f.schedule({ type: 'all', scheduledAt: noon.toISOString(), localTime: true });
    expect(created.timeZone).toBe('Asia/Novosibirsk');
    // The dispatch starts where clocks are furthest ahead (UTC+14, 7 hours before): the audience is
    // known 4 hours before, each delivery waiting for 12:00 on its own clock.
    await f.travel(noon.getTime() - f.t.clock.now().getTime() - 4 * 3600_000);
    await f.drain();
    expect(await dueTimes(created.id)).toEqual([
      ['a-vladivostok', utcDay(noon, 0, 2).toISOString()], // 12:00 UTC+10
      ['b-kaliningrad', utcDay(noon, 0, 10).toISOString()], // 12:00 UTC+2
      ['c-no-zone', noon.toISOString()], // 12:00 on the push's own zone
    ]);
    // A push scheduled before the change keeps the zone it was scheduled in.
    expect((await f.call('GET', `/api/reminders/${before.id}`)).json().timeZone).toBe('Europe/Moscow');
  });

  it('refuses a time zone the runtime does not know, and lets only admins change it', async () => {
    const wrong = await admin('PATCH', { defaultTimeZone: 'Mars/Olympus' });
    expect(wrong.statusCode).toBe(400);
    const asEditor = await f.t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { defaultTimeZone: 'Europe/Moscow' },
      headers: { 'api-token': f.tokens.editor ?? '' },
    });
    expect(asEditor.statusCode).toBe(403);
    expect((await admin('GET')).json().defaultTimeZone).toBe('Asia/Novosibirsk');
  });
});
