import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

describe(`seeding devices and pushes (${testDbKind})`, () => {
  let database: Database;
  const query = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('gives planner users ~1.3 devices across Russian zones, and pushes whose counters match their deliveries', async () => {
    const report = await seedDatabase(database, {
      users: 3000,
      reset: true,
      seed: 5,
      now: new Date('2026-06-01T12:00:00Z'),
      staffPassword: 'demo-password',
      progressStream: quiet,
    });
    const [devices] = await query<{ n: number; users: number; zones: number; platforms: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS users, count(DISTINCT time_zone)::int AS zones,
              count(DISTINCT platform)::int AS platforms FROM devices`,
    );
    expect(devices?.n).toBe(report.devices);
    expect((devices?.n ?? 0) / (devices?.users ?? 1)).toBeGreaterThan(1.2);
    expect((devices?.n ?? 0) / (devices?.users ?? 1)).toBeLessThan(1.4);
    // Eleven offsets, UTC+2 to UTC+12 (Novosibirsk and Krasnoyarsk share one).
    expect(devices?.zones).toBe(12);
    expect(devices?.platforms).toBe(3);
    // Each device carries its push service: web on Web Push, iOS on FCM, Android split over FCM, RuStore, HMS.
    const providers = await query<{ platform: string; provider: string; share: number }>(
      `SELECT platform, provider, round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY platform))::int AS share
       FROM devices GROUP BY platform, provider ORDER BY platform, provider`,
    );
    expect(providers.map(({ platform, provider }) => `${platform}:${provider}`)).toEqual([
      'android:fcm',
      'android:hms',
      'android:rustore',
      'ios:fcm',
      'web:webpush',
    ]);
    const share = (provider: string) => providers.find((row) => row.provider === provider)?.share ?? 0;
    expect(share('rustore')).toBeGreaterThan(15);
    expect(share('rustore')).toBeLessThan(35);
    expect(share('hms')).toBeGreaterThan(4);
    expect(share('hms')).toBeLessThan(16);
    // The advertising audience: about 60 % consented, a tenth of them withdrew since (the latest counts).
    const [consents] = await query<{ users: number; granted: number; planners: number }>(
      `SELECT count(*)::int AS users, count(*) FILTER (WHERE granted)::int AS granted,
              (SELECT count(*)::int FROM users WHERE role = 'user' AND status <> 'deleted') AS planners
       FROM (SELECT DISTINCT ON (user_id) user_id, granted FROM consents WHERE type = 'advertising'
             ORDER BY user_id, at DESC, id DESC) latest`,
    );
    expect((consents?.users ?? 0) / (consents?.planners ?? 1)).toBeGreaterThan(0.5);
    expect((consents?.users ?? 0) / (consents?.planners ?? 1)).toBeLessThan(0.7);
    expect((consents?.granted ?? 0) / (consents?.users ?? 1)).toBeGreaterThan(0.8);
    expect((consents?.granted ?? 0) / (consents?.users ?? 1)).toBeLessThan(0.97);
    const [unmatched] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_deliveries p JOIN devices d ON d.id = p.device_id WHERE p.provider <> d.provider`,
    );
    expect(unmatched?.n).toBe(0);
    const mismatched = await query<{ id: number }>(
      `SELECT r.id FROM reminders r LEFT JOIN push_deliveries p ON p.reminder_id = r.id
       GROUP BY r.id HAVING r.targeted <> count(p.id) OR r.sent <> count(p.id) FILTER (WHERE p.state = 'sent')
         OR r.opened <> count(p.opened_at)`,
    );
    expect(mismatched).toEqual([]);
    const [reminders] = await query<{ sent: number; scheduled: number }>(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled FROM reminders`,
    );
    expect(reminders).toEqual({ sent: 12, scheduled: 2 });
    expect(report.pushDeliveries).toBeGreaterThan(0);
  });
});
