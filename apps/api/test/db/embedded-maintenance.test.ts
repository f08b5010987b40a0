import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { buildTestApp, type TestApp } from '../helpers/test-app';

interface Stats {
  n_dead_tup: number;
  n_mod_since_analyze: number;
  last_vacuum: Date | string | null;
  last_analyze: Date | string | null;
}

/** PGlite has no autovacuum; the server does its work there (and leaves a PostgreSQL server's to it). */
describe('embedded maintenance (autovacuum for PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const usersStats = async () => {
    // Table counters reach the statistics at the end of a transaction, at most once a second.
    await t.database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
    await t.database.db.execute(sql`SELECT 1`);
    const [row] = await queryRows<Stats>(
      t.database.db,
      sql`SELECT n_dead_tup::int, n_mod_since_analyze::int, last_vacuum, last_analyze
          FROM pg_stat_user_tables WHERE relname = 'users'`,
    );
    return row;
  };

  it('vacuums and analyzes a table past autovacuum’s thresholds, then leaves it alone', async () => {
    if (t.database.kind !== 'pglite') {
      expect(t.app.hasDecorator('embeddedMaintenance')).toBe(false);
      return;
    }
    await t.database.db.execute(
      sql`INSERT INTO users (email, role, status) SELECT 'planner' || g || '@pult.test', 'user', 'active' FROM generate_series(1, 3000) g`,
    );
    // Updates leave dead rows behind, as every sign-in does.
    await t.database.db.execute(sql`UPDATE users SET last_seen_at = now() WHERE id % 2 = 0`);
    const before = await usersStats();
    expect(before?.n_dead_tup).toBeGreaterThan(1000);
    expect(before?.last_analyze).toBeNull();

    expect(await t.app.embeddedMaintenance.runOnce()).toBe(true);
    const after = await usersStats();
    expect(after?.last_vacuum).not.toBeNull();
    expect(after?.last_analyze).not.toBeNull();
    expect(after?.n_dead_tup).toBe(0);
    // The planner now knows the table's size.
    const [size] = await queryRows<{ reltuples: number }>(
      t.database.db,
      sql`SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'users'`,
    );
    expect(size?.reltuples).toBeGreaterThanOrEqual(3000);

    // Nothing changed since: nothing to do (the table keeps its last vacuum and analyze).
    expect(await t.app.embeddedMaintenance.runOnce()).toBe(true);
    const again = await usersStats();
    expect(again?.last_vacuum).toEqual(after?.last_vacuum);
    expect(again?.last_analyze).toEqual(after?.last_analyze);
  });
});
