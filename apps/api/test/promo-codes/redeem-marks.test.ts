import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRollups } from '../../src/modules/dashboard';
import { openSession } from '../helpers/one-session';
import { type PromoFixture, promoFixture } from './promo-fixture';

/**
 * A batch redeemed in sets writes the dashboard's marks once (migration 0049, docs/decisions/0027): the
 * statement triggers stand aside and the procedure marks the days and MRR owners they would have marked.
 * Two groups of users in the same situation (no subscription; a purchased subscription of the series'
 * plan, which a code extends; an expired subscription and two codes) redeem the same way, one group in
 * one set and the other one code at a time, where the triggers mark: the marks must be the same. Then the
 * days pass, the rollup job runs, and every stored day must equal a recount of the raw rows.
 */
let f: PromoFixture;
let fresh: string[] = [];
const DAY = 86_400_000;
const group = { set: [] as number[], single: [] as number[] };

beforeAll(async () => {
  f = await promoFixture();
  for (const name of ['set', 'single'] as const) {
    for (let i = 0; i < 3; i++) {
      group[name].push(await f.t.createUser({ email: `marks-${name}${i}@mail.ru`, role: 'user' }));
    }
  }
  const series = await f.createSeries({ name: 'Отметки', prefix: 'MRK', codeLength: 8, codesCount: 12 });
  ({ fresh } = await f.codesWithOneBlocked(series.id));
  const now = f.t.clock.now().getTime();
  const session = await openSession(f.t.database);
  try {
    for (const name of ['set', 'single'] as const) {
      const [, purchaser, lapsed] = group[name];
      await session.query(
        `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at, created_at)
         VALUES ($1, $3, 'active', 'purchase', $4, $5, $4), ($2, $3, 'active', 'promo', $6, $7, $6)`,
        [
          purchaser,
          lapsed,
          f.planId,
          new Date(now - 10 * DAY),
          new Date(now + 20 * DAY),
          new Date(now - 35 * DAY),
          new Date(now - 5 * DAY),
        ],
      );
    }
  } finally {
    session.release();
  }
  // Whatever the set-up marked is folded now, so only the redemptions' marks remain.
  await f.t.app.dashboardRollups.runOnce();
});
afterAll(() => f.t.close());

type Result = { granted: Record<string, unknown> } | { error: { code: string; hint: string | null } };

const item = (value: string, userId: number, at: Date) => ({
  value,
  user: userId,
  at: at.toISOString(),
  ip: '203.0.113.12',
  userKey: `marks:user:${userId}`,
  ipKey: 'marks:ip',
  perUser: 100,
  perIp: 100,
  windowMs: 60_000,
});

/**
 * Runs the batches one after another on cleared marks and answers what they marked and which way each
 * went; the marks that were there before are put back afterwards, so the rollup job still sees them all.
 */
async function marksOf(batches: object[][]) {
  const session = await openSession(f.t.database);
  try {
    const keptDays = await session.query<{ day: string }>('DELETE FROM dashboard_rollup_days RETURNING day::text');
    const keptOwners = await session.query<{ owner: number }>('DELETE FROM mrr_dirty_owners RETURNING owner');
    const paths: string[] = [];
    const results: Result[] = [];
    for (const items of batches) {
      const [row] = await session.query<{ results: Result[] }>('CALL pult_redeem_promo_codes($1::jsonb, 0)', [
        JSON.stringify(items),
      ]);
      results.push(...(row?.results ?? []));
      const [setting] = await session.query<{ path: string }>(
        `select current_setting('pult.last_batch', true) as path`,
      );
      paths.push(setting?.path ?? '');
    }
    const days = await session.query<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM dashboard_rollup_days ORDER BY 1`,
    );
    const owners = await session.query<{ owner: number }>('SELECT owner FROM mrr_dirty_owners ORDER BY 1');
    await session.query('INSERT INTO dashboard_rollup_days (day) SELECT unnest($1::date[]) ON CONFLICT DO NOTHING', [
      keptDays.map((d) => d.day),
    ]);
    await session.query('INSERT INTO mrr_dirty_owners (owner) SELECT unnest($1::int[]) ON CONFLICT DO NOTHING', [
      keptOwners.map((o) => o.owner),
    ]);
    return { paths, results, days: days.map((d) => d.day), owners: owners.map((o) => o.owner) };
  } finally {
    session.release();
  }
}

/** The dashboard's day (Moscow) of an instant, as pult_day says. */
async function dayOf(at: Date): Promise<string> {
  const session = await openSession(f.t.database);
  try {
    const [row] = await session.query<{ day: string }>(
      `SELECT to_char(pult_day($1::timestamptz), 'YYYY-MM-DD') AS day`,
      [at.toISOString()],
    );
    return row?.day ?? '';
  } finally {
    session.release();
  }
}

describe('the dashboard after redemptions in a set', () => {
  it('is marked as the statement triggers mark one redemption at a time', async () => {
    const at = f.t.clock.now();
    const code = (i: number) => fresh[i] ?? '';
    const plan = (users: number[], first: number) => [
      item(code(first), users[0] ?? 0, at),
      item(code(first + 1), users[1] ?? 0, at),
      item(code(first + 2), users[2] ?? 0, at),
      item(code(first + 3), users[2] ?? 0, at), // the lapsed user's second code extends the first
    ];
    const inSet = await marksOf([plan(group.set, 0)]);
    const oneByOne = await marksOf(plan(group.single, 4).map((one) => [one]));
    expect(inSet.paths).toEqual(['sets']);
    expect(oneByOne.paths).toEqual(Array(4).fill('one by one: 1 to claim'));
    expect(inSet.results.every((r) => 'granted' in r)).toBe(true);
    expect(oneByOne.results.every((r) => 'granted' in r)).toBe(true);

    expect(inSet.days).toEqual(oneByOne.days);
    // What they are: the activations' and payments' day, the start of the extended purchase, its old and
    // new end, the end of the lapsed subscription (its "renewed" may flip), the new subscriptions' ends.
    const expected = await Promise.all(
      [0, -10, 20, 50, -5, 30, 60].map((days) => dayOf(new Date(at.getTime() + days * DAY))),
    );
    expect(inSet.days).toEqual([...new Set(expected)].sort());
    // The extended purchase's owner is queued for the MRR movements, as the trigger queues it.
    expect(inSet.owners).toEqual([group.set[1]]);
    expect(oneByOne.owners).toEqual([group.single[1]]);
  });

  it('equals a recount of the raw rows once the days have passed and the rollup job has run', async () => {
    // Three days later, three more codes of users who hold a subscription of the plan: a set of extensions
    // only, so nothing but the set's own marks names its day (no subscription starts on it).
    f.t.clock.advance(3 * DAY);
    const at = f.t.clock.now();
    const later = fresh.slice(8, 11).map((value, i) => item(value, group.set[i] ?? 0, at));
    const session = await openSession(f.t.database);
    try {
      const [row] = await session.query<{ results: Result[] }>('CALL pult_redeem_promo_codes($1::jsonb, 0)', [
        JSON.stringify(later),
      ]);
      expect(row?.results.map((r) => ('granted' in r ? r.granted.extended : r.error.hint))).toEqual([true, true, true]);
      const [setting] = await session.query<{ path: string }>(
        `select current_setting('pult.last_batch', true) as path`,
      );
      expect(setting?.path).toBe('sets');
    } finally {
      session.release();
    }

    f.t.clock.advance(100 * DAY);
    // At most 62 days a run (rollups.ts): two runs fold everything marked.
    await f.t.app.dashboardRollups.runOnce();
    await f.t.app.dashboardRollups.runOnce();
    const check = await f.t.database.db.transaction((tx) => checkRollups(tx, f.t.clock.now(), { repair: false }));
    expect(check.differences).toEqual([]);
  });
});
