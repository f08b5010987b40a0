import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { principalQueryText } from '../../src/modules/sessions/sessions-repository';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** Buffers a plan node and everything under it touched (EXPLAIN's counts are inclusive). */
const buffersOf = (node: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }) =>
  (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);

/**
 * Every authenticated request runs the session lookup; its reused (generic) plan must not depend on
 * how many sessions exist, also on tables never analyzed (the embedded PGlite has no autovacuum, and
 * a fresh test database is never analyzed either). A flat three-way join scanned every live session
 * and its user per request there.
 */
describe('session lookup plan', () => {
  let t: TestApp;
  let apiToken = '';
  beforeAll(async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'editor@pult.test', role: 'editor' });
    apiToken = (await t.signin('editor@pult.test')).apiToken;
    // Many planner users and live sessions, as after a busy day of sign-ins.
    const owner = await t.createUser({ email: 'planner@pult.test', role: 'user' });
    await t.database.db.execute(
      sql`INSERT INTO users (email, role, status) SELECT 'planner' || g || '@pult.test', 'user', 'active' FROM generate_series(1, 3000) g`,
    );
    const later = new Date(t.clock.now().getTime() + 24 * 3600_000);
    await t.database.db.execute(
      sql`INSERT INTO sessions (user_id, created_at, expires_at) SELECT ${owner}, ${t.clock.now()}, ${later} FROM generate_series(1, 600)`,
    );
  });
  afterAll(() => t.close());

  it('reads a handful of buffers from the token’s key, however many sessions there are', async () => {
    const db = t.database.db;
    await db.execute(sql`SET plan_cache_mode = force_generic_plan`);
    try {
      const query = principalQueryText(db, t.clock.now(), apiToken);
      await db.execute(sql.raw(`PREPARE principal_plan AS ${query.text}`));
      // EXECUTE takes its arguments as literals (timestamps, the token's base64url hash, fixed words).
      const literal = (value: unknown) =>
        `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        db,
        sql.raw(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE principal_plan(${query.params.map(literal).join(', ')})`,
        ),
      );
      const explained = row?.['QUERY PLAN'];
      const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as [
        { Plan: { 'Actual Rows': number } & Parameters<typeof buffersOf>[0] },
      ];
      expect(plan[0].Plan['Actual Rows']).toBe(1);
      expect(buffersOf(plan[0].Plan)).toBeLessThan(40);
    } finally {
      await db.execute(sql`DEALLOCATE ALL`);
      await db.execute(sql`RESET plan_cache_mode`);
    }
  });

  it('still resolves the token to its caller over HTTP', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'api-token': apiToken } });
    expect(me.statusCode).toBe(200);
  });
});
