import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import type { PlanInfo } from '../../src/seed/generate-plans';
import { seedDatabase } from '../../src/seed/seed-database';
import { insertSubscriptionsSql, insertTransactionsSql } from '../../src/seed/sql-billing';
import { insertUsersSql, type PlannerRange, plannerRange } from '../../src/seed/sql-users';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

const now = new Date('2025-06-01T12:00:00Z');
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
const USERS = 4000;

/**
 * The generators PostgreSQL runs (sql-users.ts, sql-billing.ts), executed as they are on either
 * engine: PGlite has the same hash function, though its seeds use the TypeScript generators.
 */
describe(`rows generated in SQL (${testDbKind})`, () => {
  let database: Database;
  let users: PlannerRange;
  let plans: PlanInfo[];
  const query = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const one = async <T>(text: string) => (await query<T>(text))[0] as T;
  /** A digest of every generated row, to compare runs. */
  const digest = () =>
    one<{ u: string; s: string; t: string }>(
      `SELECT (SELECT md5(string_agg(u::text, '|' ORDER BY id)) FROM users u WHERE role = 'user') AS u,
              (SELECT md5(string_agg(s::text, '|' ORDER BY id)) FROM subscriptions s) AS s,
              (SELECT md5(string_agg(t::text, '|' ORDER BY id)) FROM transactions t) AS t`,
    );
  /** Generates the users and 1.5 and 5 events each, cut into chunks at `cuts` (fractions of each table). */
  const generate = async (cuts: number[]) => {
    for (const table of ['transactions', 'subscriptions']) await query(`DELETE FROM ${table}`);
    await query("DELETE FROM users WHERE role = 'user'");
    const pieces = (first: number, count: number, make: (from: number, to: number) => string) => {
      const bounds = [first, ...cuts.map((cut) => first + Math.floor(cut * count)), first + count];
      return bounds.slice(1).map((end, i) => make(bounds[i] as number, end - 1));
    };
    const events = (count: number) => ({ firstId: 1, count, users, plans });
    for (const text of [
      ...pieces(users.firstId, USERS, (from, to) => insertUsersSql(users, from, to)),
      ...pieces(1, USERS * 1.5, (from, to) => insertSubscriptionsSql(events(USERS * 1.5), from, to)),
      ...pieces(1, USERS * 5, (from, to) => insertTransactionsSql(events(USERS * 5), from, to)),
    ])
      await query(text);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    // The staff (ids 1-5) and the plans, as a seed makes them.
    await seedDatabase(database, { users: 0, notes: 0, reset: true, seed: 7, now, progressStream: quiet });
    users = plannerRange({ firstId: 6, count: USERS, seed: 7, now });
    plans = (
      await query<PlanInfo>(
        'SELECT id, price, period, duration_days AS "durationDays", enabled FROM subscription_plans ORDER BY id',
      )
    ).map((plan) => ({ ...plan, price: Number(plan.price) }));
    await generate([]);
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives the same rows for a seed however the ids are cut into chunks', async () => {
    const whole = await digest();
    await generate([0.3, 0.31, 0.8]);
    expect(await digest()).toEqual(whole);
  });

  it('keeps ids in time order and every event after its user registered, none after now', async () => {
    const order = await one<{ users: number; subscriptions: number; transactions: number }>(
      `SELECT (SELECT count(*)::int FROM (SELECT created_at < lag(created_at) OVER (ORDER BY id) AS back FROM users WHERE role = 'user') x WHERE back) AS users,
              (SELECT count(*)::int FROM (SELECT started_at < lag(started_at) OVER (ORDER BY id) AS back FROM subscriptions) x WHERE back) AS subscriptions,
              (SELECT count(*)::int FROM (SELECT created_at < lag(created_at) OVER (ORDER BY id) AS back FROM transactions) x WHERE back) AS transactions`,
    );
    expect(order).toEqual({ users: 0, subscriptions: 0, transactions: 0 });
    const early = await one<{ subscriptions: number; transactions: number; late: number; seen: number }>(
      `SELECT (SELECT count(*)::int FROM subscriptions s JOIN users u ON u.id = s.owner
                WHERE s.started_at < u.created_at OR u.role <> 'user') AS subscriptions,
              (SELECT count(*)::int FROM transactions t JOIN users u ON u.id = t.user_id
                WHERE t.created_at < u.created_at OR u.role <> 'user') AS transactions,
              (SELECT count(*)::int FROM transactions WHERE created_at > '${now.toISOString()}') AS late,
              (SELECT count(*)::int FROM users WHERE last_seen_at < created_at OR last_seen_at > '${now.toISOString()}') AS seen`,
    );
    expect(early).toEqual({ subscriptions: 0, transactions: 0, late: 0, seen: 0 });
  });

  it('draws the documented shares: statuses, phones, kinds, sources, prices', async () => {
    const shares = await one<Record<string, number>>(
      `SELECT avg((status = 'deleted')::int)::float8 AS deleted, avg((status = 'blocked')::int)::float8 AS blocked,
              avg((phone_number IS NULL)::int)::float8 AS no_phone, count(DISTINCT email)::int AS emails,
              avg((email LIKE '%@mail.ru')::int)::float8 AS mail_ru
         FROM users WHERE role = 'user'`,
    );
    expect(shares.emails).toBe(USERS);
    expect(shares.deleted).toBeGreaterThan(0.003);
    expect(shares.deleted).toBeLessThan(0.02);
    expect(shares.blocked).toBeGreaterThan(0.007);
    expect(shares.blocked).toBeLessThan(0.025);
    expect(shares.no_phone).toBeGreaterThan(0.12);
    expect(shares.no_phone).toBeLessThan(0.18);
    expect(shares.mail_ru).toBeGreaterThan(0.26);
    expect(shares.mail_ru).toBeLessThan(0.34);
    const payments = await one<Record<string, number>>(
      `SELECT avg((kind = 'purchase')::int)::float8 AS purchase, avg((kind = 'refund')::int)::float8 AS refund,
              count(*) FILTER (WHERE kind = 'grant' AND (amount <> 0 OR provider NOT IN ('promo', 'admin')))::int AS odd_grants,
              count(*) FILTER (WHERE kind = 'refund' AND amount >= 0)::int AS odd_refunds,
              count(*) FILTER (WHERE kind IN ('purchase', 'renewal') AND amount <> p.price)::int AS mispriced,
              count(*) FILTER (WHERE kind = 'renewal' AND p.period = 'lifetime')::int AS renewed_lifetime,
              count(*) FILTER (WHERE provider IN ('yookassa', 'cloudpayments', 'appstore', 'googleplay') AND external_id IS NULL)::int AS no_external,
              avg((t.status = 'succeeded')::int)::float8 AS succeeded
         FROM transactions t JOIN subscription_plans p ON p.id = t.plan_id`,
    );
    expect(payments).toMatchObject({
      odd_grants: 0,
      odd_refunds: 0,
      mispriced: 0,
      renewed_lifetime: 0,
      no_external: 0,
    });
    expect(payments.purchase).toBeGreaterThan(0.4);
    expect(payments.purchase).toBeLessThan(0.5);
    expect(payments.refund).toBeGreaterThan(0.015);
    expect(payments.refund).toBeLessThan(0.045);
    expect(payments.succeeded).toBeGreaterThan(0.8);
    const subscriptions = await one<Record<string, number>>(
      `SELECT avg((source = 'purchase')::int)::float8 AS purchase,
              count(*) FILTER (WHERE p.period = 'lifetime' AND expires_at IS NOT NULL)::int AS ending_lifetime,
              count(*) FILTER (WHERE p.period <> 'lifetime' AND expires_at <= started_at)::int AS ended_before,
              count(*) FILTER (WHERE auto_renew AND (source <> 'purchase' OR s.status = 'canceled'))::int AS odd_renewal,
              count(*) FILTER (WHERE NOT p.enabled AND started_at > '${now.toISOString()}'::timestamptz - interval '365 days')::int AS archived_late
         FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id`,
    );
    expect(subscriptions).toMatchObject({ ending_lifetime: 0, ended_before: 0, odd_renewal: 0, archived_late: 0 });
    expect(subscriptions.purchase).toBeGreaterThan(0.72);
    expect(subscriptions.purchase).toBeLessThan(0.84);
  });
});
