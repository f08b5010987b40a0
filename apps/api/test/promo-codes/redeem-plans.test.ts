import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../helpers/one-session';
import { type PromoFixture, promoFixture } from './promo-fixture';

/**
 * A redemption batch reads users' subscriptions through index scans only (pult_redeem_plans, migration
 * 0053, docs/decisions/0057). Without statistics on subscriptions (a fresh installation, a database copied
 * from a template without billing rows; our PostgreSQL runs without autovacuum) the claims' and marks'
 * look-ups of the owners' subscriptions were planned as a sequential scan of the whole table (while it is
 * small, as here: one per batch, on PGlite and PostgreSQL alike) or as bitmap scans, which read the index
 * entry of every earlier version of an extended subscription on every batch (an index scan marks those it
 * found dead and skips them the next time, when no older snapshot can still see them). A planner user
 * whose subscription was extended 300 times redeems in sets of three with two others; PostgreSQL's own
 * statistics count the scans of the later batches.
 */
let f: PromoFixture;
let session: Session;
let fresh: string[] = [];
const users: number[] = [];
const EXTENSIONS = 300;

async function reads(): Promise<{ entries: number; seqScans: number }> {
  // Statistics are sent at the end of a transaction; this makes the next end send them all.
  await session.query('SELECT pg_stat_force_next_flush()');
  await session.query('SELECT pg_stat_clear_snapshot()');
  const [row] = await session.query<{ entries: string; seq_scans: string }>(
    `SELECT (SELECT idx_tup_read FROM pg_stat_user_indexes WHERE indexrelname = 'subscriptions_owner_latest_idx')::text AS entries,
       (SELECT seq_scan FROM pg_stat_user_tables WHERE relname = 'subscriptions')::text AS seq_scans`,
  );
  return { entries: Number(row?.entries ?? 0), seqScans: Number(row?.seq_scans ?? 0) };
}

const item = (value: string, userId: number, at: Date) => ({
  value,
  user: userId,
  at: at.toISOString(),
  ip: '203.0.113.14',
  userKey: `plans:user:${userId}`,
  ipKey: 'plans:ip',
  perUser: 100,
  perIp: 100,
  windowMs: 60_000,
});

beforeAll(async () => {
  f = await promoFixture();
  for (let i = 0; i < 3; i++) users.push(await f.t.createUser({ email: `plans-${i}@mail.ru`, role: 'user' }));
  const series = await f.createSeries({ name: 'Планы', prefix: 'PLN', codeLength: 8, codesCount: 20 });
  ({ fresh } = await f.codesWithOneBlocked(series.id));
  session = await openSession(f.t.database);
  await session.query(
    `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
     VALUES ($1, $2, 'active', 'promo', now(), now() + interval '30 days')`,
    [users[0], f.planId],
  );
  await session.query(
    `DO $$ BEGIN FOR i IN 1..${EXTENSIONS} LOOP
       UPDATE subscriptions SET expires_at = expires_at + interval '1 second' WHERE owner = ${Number(users[0])};
     END LOOP; END $$`,
  );
});

afterAll(async () => {
  session.release();
  await f.t.close();
});

describe('a redemption batch on a subscription extended many times', () => {
  it('reads the owners through index scans, never the whole table', async () => {
    const at = f.t.clock.now();
    const batch = async (first: number) => {
      const items = users.map((user, i) => item(fresh[first + i] ?? '', user, at));
      const [row] = await session.query<{ results: { granted?: { extended: boolean } }[] }>(
        'CALL pult_redeem_promo_codes($1::jsonb, 0)',
        [JSON.stringify(items)],
      );
      const [path] = await session.query<{ path: string }>(`SELECT current_setting('pult.last_batch', true) AS path`);
      expect(path?.path).toBe('sets');
      return row?.results.map((r) => r.granted?.extended);
    };
    // The first batch plans the statements for the session (and creates two subscriptions); the next four are counted.
    expect(await batch(0)).toEqual([true, false, false]);
    const before = await reads();
    for (let b = 1; b <= 4; b++) expect(await batch(3 * b)).toEqual([true, true, true]);
    const after = await reads();

    expect(after.seqScans).toBe(before.seqScans);
    // Index scans only: at most the two walks of each owner's entries that need every subscription (the
    // ends before and after, for the dashboard's marks), each meeting the 300 earlier versions until they
    // are marked dead; the grant's own look-up stops at the live version, the newest entry (a bitmap scan
    // there read all 300 as well).
    expect(after.entries - before.entries).toBeLessThanOrEqual(4 * (2 * EXTENSIONS + 50));
    // One subscription each: every later code extended it.
    const [held] = await session.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM subscriptions WHERE owner = ANY ($1::int[])`,
      [users],
    );
    expect(held?.count).toBe(3);
  });
});
