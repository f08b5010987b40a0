import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { checkRollups } from '../../src/modules/dashboard';
import { dropSecondaryIndexes } from '../../src/seed/bulk-indexes';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

const now = new Date('2025-06-01T12:00:00Z');
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

describe(`seeding (${testDbKind})`, () => {
  let database: Database;
  const query = async <T>(text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

  /**
   * Every index and constraint of the tables the seeder loads in bulk, as the migrations left them,
   * with an index column's own statistics target (0051 gives the name filter's index 1,000: a rebuilt
   * index without it plans that filter from the default sample).
   */
  const schemaOf = () =>
    query<{ d: string }>(
      `SELECT indexdef AS d FROM pg_indexes
        WHERE tablename IN ('users', 'subscriptions', 'transactions', 'agreement_consents', 'devices', 'consents')
       UNION ALL
       SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
        WHERE conrelid::regclass::text IN ('users', 'subscriptions', 'transactions', 'agreement_consents', 'devices', 'consents')
       UNION ALL
       SELECT 'statistics ' || x.indexrelid::regclass::text || ' ' || a.attnum || ' ' || a.attstattarget
         FROM pg_index x JOIN pg_attribute a ON a.attrelid = x.indexrelid
        WHERE x.indrelid::regclass::text IN ('users', 'subscriptions', 'transactions', 'agreement_consents', 'devices', 'consents')
          AND a.attstattarget >= 0
       ORDER BY 1`,
    ).then((rows) => rows.map((row) => row.d));
  let migratedSchema: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    migratedSchema = await schemaOf();
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads the requested users plus the staff accounts', async () => {
    const report = await seedDatabase(database, {
      users: 2000,
      reset: true,
      seed: 3,
      now,
      staffPassword: 'demo-password',
      progressStream: quiet,
    });
    expect(report.generatedPassword).toBeUndefined();
    expect(report.staffCreated).toHaveLength(5);
    const [counts] = await query<{ users: number; admins: number; editors: number; hashed: number }>(
      `SELECT count(*) FILTER (WHERE role = 'user')::int AS users,
              count(*) FILTER (WHERE role = 'admin')::int AS admins,
              count(*) FILTER (WHERE role = 'editor')::int AS editors,
              count(DISTINCT password_hash)::int AS hashed
         FROM users`,
    );
    expect(counts).toEqual({ users: 2000, admins: 2, editors: 3, hashed: 1 });
  });

  it('appends without repeating e-mails or staff, and moves the id sequence on', async () => {
    const report = await seedDatabase(database, {
      users: 500,
      reset: false,
      seed: 3,
      now,
      progressStream: quiet,
    });
    expect(report.staffCreated).toEqual([]);
    expect(report.generatedPassword).toBeUndefined();
    const [row] = await query<{ total: number; emails: number; next: number }>(
      `SELECT count(*)::int AS total, count(DISTINCT email)::int AS emails,
              nextval(pg_get_serial_sequence('users', 'id'))::int AS next FROM users`,
    );
    expect(row).toEqual({ total: 2505, emails: 2505, next: 2506 });
  });

  it('leaves the indexes and constraints as the migrations made them, after the bulk stages into empty tables', async () => {
    expect(migratedSchema.length).toBeGreaterThan(10);
    expect(await schemaOf()).toEqual(migratedSchema);
    const [counts] = await query<{ consents: number; devices: number }>(
      `SELECT (SELECT count(*) FROM agreement_consents)::int AS consents, (SELECT count(*) FROM devices)::int AS devices`,
    );
    expect(counts?.consents).toBeGreaterThan(0);
    expect(counts?.devices).toBeGreaterThan(0);
  });

  it('loads on several connections with --parallel (PostgreSQL; PGlite seeds as usual), leaving the same indexes, constraints and rollups', async () => {
    const report = await seedDatabase(database, {
      users: 3000,
      subscriptions: 4500,
      transactions: 15000,
      reset: true,
      parallel: 3,
      seed: 3,
      now,
      staffPassword: 'demo-password',
      progressStream: quiet,
    });
    expect(report).toMatchObject({ users: 3000, subscriptions: 4500, transactions: 15000 });
    expect(await schemaOf()).toEqual(migratedSchema);
    const [counts] = await query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM users WHERE role = 'user')::int AS users, (SELECT count(*) FROM subscriptions)::int AS subscriptions,
              (SELECT count(*) FROM transactions)::int AS transactions, (SELECT count(*) FROM agreement_consents)::int AS consents,
              (SELECT count(*) FROM dashboard_daily WHERE metric = 'revenue')::int AS revenue_days,
              (SELECT count(*) FROM mrr_movements)::int AS movements,
              nextval(pg_get_serial_sequence('transactions', 'id'))::int AS next_transaction`,
    );
    expect(counts).toMatchObject({ users: 3000, subscriptions: 4500, transactions: 15000, next_transaction: 15001 });
    expect(counts?.consents).toBeGreaterThan(0);
    expect(counts?.revenue_days).toBeGreaterThan(300);
    expect(counts?.movements).toBeGreaterThan(0);
    // The rollups built in pieces on several connections equal a recount from the rows.
    const check = await checkRollups(database.db, now, { repair: false });
    expect(check.differences).toEqual([]);
  });

  it('starts over with --reset', async () => {
    const report = await seedDatabase(database, {
      users: 10,
      reset: true,
      seed: 3,
      now,
      progressStream: quiet,
    });
    expect(report.generatedPassword).toMatch(/^[\w-]{16}$/);
    const [row] = await query<{ total: number; first: number }>(
      'SELECT count(*)::int AS total, min(id)::int AS first FROM users',
    );
    expect(row).toEqual({ total: 15, first: 1 });
  });
});

describe('dropSecondaryIndexes', () => {
  it('drops the secondary indexes of a table and puts back the same definitions', async () => {
    const database = await openTestDatabase();
    try {
      const run = async <T>(text: string) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      const definitions = () =>
        run<{ d: string }>("SELECT indexdef AS d FROM pg_indexes WHERE tablename = 'users' ORDER BY indexname").then(
          (rows) => rows.map((row) => row.d),
        );
      const before = await definitions();
      const rebuild = await dropSecondaryIndexes(run, 'users');
      expect(await definitions()).toEqual([expect.stringContaining('users_pkey')]);
      await rebuild();
      expect(await definitions()).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
