import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client';
import type { SeedReport } from '../../src/seed/run-seed';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

const now = new Date('2025-06-01T12:00:00Z');
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

describe(`seeding plans, subscriptions, transactions and promo codes (${testDbKind})`, () => {
  let database: Database;
  let report: SeedReport;
  const query = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const one = async <T>(text: string) => (await query<T>(text))[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    report = await seedDatabase(database, {
      users: 300,
      subscriptions: 450,
      transactions: 1500,
      promoCodes: 3000,
      reset: true,
      seed: 5,
      now,
      staffPassword: 'demo-password',
      progressStream: quiet,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads every requested row and reports each stage', async () => {
    expect(report).toMatchObject({
      users: 300,
      subscriptions: 450,
      transactions: 1500,
      promoSeries: 10,
      promoCodes: 3000,
    });
    expect(Object.keys(report.stages)).toEqual(
      expect.arrayContaining(['users', 'plans', 'subscriptions', 'transactions', 'promo']),
    );
    expect(
      await one(`SELECT (SELECT count(*)::int FROM subscriptions) AS s, (SELECT count(*)::int FROM transactions) AS t,
                        (SELECT count(*)::int FROM promo_codes) AS c, (SELECT count(*)::int FROM subscription_plans) AS p`),
    ).toEqual({ s: 450, t: 1500, c: 3000, p: 4 });
  });

  it('publishes three versions of each document and consents for most planner users', async () => {
    expect(report).toMatchObject({ agreementVersions: 9 });
    const counts = await one(`SELECT (SELECT count(DISTINCT type)::int FROM agreements) AS types,
        (SELECT count(DISTINCT c.user_id)::int FROM agreement_consents c) AS consenting,
        (SELECT count(*)::int FROM users WHERE role = 'user') AS planners,
        (SELECT count(*)::int FROM agreement_consents c JOIN agreements a ON a.id = c.agreement_id
          WHERE c.content_hash <> a.content_hash) AS mismatched`);
    expect(counts).toMatchObject({ types: 3, mismatched: 0 });
    const { consenting, planners } = counts as { consenting: number; planners: number };
    expect(consenting / planners).toBeGreaterThan(0.6);
    expect(report.consents).toBe(consenting * 3);
  });

  it('attaches everything to planner users only', async () => {
    expect(
      await one(`SELECT (SELECT count(*)::int FROM subscriptions s JOIN users u ON u.id = s.owner WHERE u.role <> 'user') AS s,
                        (SELECT count(*)::int FROM transactions t JOIN users u ON u.id = t.user_id WHERE u.role <> 'user') AS t,
                        (SELECT count(*)::int FROM promo_codes c JOIN users u ON u.id = c.activated_by WHERE u.role <> 'user') AS c`),
    ).toEqual({ s: 0, t: 0, c: 0 });
  });

  it('marks the series generated, with counters that agree with the codes', async () => {
    const rows = await query<{
      generated: number;
      codes: number;
      activated: number;
      used: number;
      blocked: number;
      stopped: number;
    }>(
      `SELECT s.generated, s.codes_count AS codes,
              (SELECT count(*)::int FROM promo_codes c WHERE c.series_id = s.id AND c.status = 'activated') AS used,
              (SELECT count(*)::int FROM promo_codes c WHERE c.series_id = s.id AND c.status = 'blocked') AS stopped,
              k.activated, k.blocked
         FROM promo_series s JOIN promo_series_counters k ON k.series_id = s.id
        WHERE s.generation_status = 'done'`,
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.generated).toBe(row.codes);
      expect(row.activated).toBe(row.used);
      expect(row.blocked).toBe(row.stopped);
    }
  });

  it('puts the foreign keys and indexes back after the bulk load', async () => {
    // A fresh database is the reference, so a key or index a migration adds or drops needs no edit here.
    const keysSql = `SELECT conname AS name FROM pg_constraint WHERE contype = 'f'
          AND conrelid IN ('subscriptions'::regclass, 'transactions'::regclass, 'promo_codes'::regclass) ORDER BY 1`;
    const countIndexes = `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename IN ('subscriptions', 'transactions', 'promo_codes')`;
    const keys = await query<{ name: string }>(keysSql);
    const [indexes] = await query<{ n: number }>(countIndexes);
    const fresh = await openTestDatabase();
    try {
      const expectedKeys = await queryRows<{ name: string }>(fresh.db, sql.raw(keysSql));
      expect(expectedKeys.length).toBeGreaterThanOrEqual(5);
      expect(keys).toEqual(expectedKeys);
      const [expected] = await queryRows<{ n: number }>(fresh.db, sql.raw(countIndexes));
      expect(expected?.n).toBeGreaterThanOrEqual(12);
      expect(indexes?.n).toBe(expected?.n);
    } finally {
      await fresh.close();
    }
  });

  it('appends on a rerun: plans once, codes still unique, ids continuing', async () => {
    const again = await seedDatabase(database, {
      users: 0,
      subscriptions: 10,
      promoCodes: 500,
      reset: false,
      seed: 5,
      now,
      progressStream: quiet,
    });
    expect(again.plansCreated).toEqual([]);
    expect(
      await one(`SELECT (SELECT count(*)::int FROM subscription_plans) AS plans,
                        (SELECT count(DISTINCT value)::int FROM promo_codes) AS codes,
                        (SELECT max(id)::int FROM subscriptions) AS last,
                        (SELECT count(*)::int FROM promo_series) AS series`),
    ).toEqual({ plans: 4, codes: 3500, last: 460, series: 20 });
  });
});
