import { mrrMovementKinds } from '@pult/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';
import { PLANS } from './mrr-movements-fixture';
import { naiveMrrMovements } from './mrr-movements-naive';

/**
 * Random subscription histories (upgrades, downgrades, lapses, reactivations, refunds that cancel a
 * purchase, renewals moved, yearly, lifetime and free plans, grants, a plan re-priced) written through
 * the triggers and folded by the job, against the naive day-by-day walk (decision 0038).
 */
const OWNERS = [4001, 4002, 4003, 4004, 4005, 4006];
const DAY = 86_400_000;

const subscription = fc.record({
  owner: fc.constantFrom(...OWNERS),
  plan: fc.constantFrom(301, 302, 303, 304, 305),
  source: fc.constantFrom('purchase', 'purchase', 'purchase', 'promo', 'admin'),
  status: fc.constantFrom('active', 'expired', 'expired', 'canceled'),
  // Minutes from NOW: about a year back to a month ahead, any time of day (Moscow midnight included).
  start: fc.integer({ min: -400 * 24 * 60, max: 30 * 24 * 60 }),
  minutes: fc.option(fc.integer({ min: 0, max: 400 * 24 * 60 }), { nil: null, freq: 8 }),
});

const change = fc.oneof(
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('extend' as const), pick: fc.nat(), days: fc.integer({ min: -20, max: 40 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reprice' as const), price: fc.integer({ min: 0, max: 90_000 }) }),
);

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await t.rows(PLANS);
  await t.rows(
    `INSERT INTO users (id, email, role, created_at) VALUES ${OWNERS.map((id) => `(${id}, 'mrr${id}@p.test', 'user', '2024-01-01T00:00:00Z')`).join(', ')}`,
  );
});
afterAll(() => t.close());

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

async function storedLines() {
  const rows = await t.rows<{ line: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') || ' ' || user_id || ' ' || kind || ' ' || amount AS line FROM mrr_movements`,
  );
  return rows.map((row) => row.line).sort();
}

async function naiveLines() {
  const walk = await naiveMrrMovements(t, '2000-01-01', '2030-01-01');
  return mrrMovementKinds
    .flatMap((kind) => (walk.items.get(kind) ?? []).map((i) => `${i.at} ${i.userId} ${kind} ${i.amount}`))
    .sort();
}

describe(`MRR movements over random histories (${testDbKind})`, () => {
  it('the folded rollup equals the naive walk after the writes and after the changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(subscription, { minLength: 1, maxLength: 14 }),
        fc.array(change, { maxLength: 4 }),
        async (subscriptions, changes) => {
          await t.rows(`DELETE FROM subscriptions WHERE owner IN (${OWNERS.join(', ')})`);
          await t.rows('UPDATE subscription_plans SET price = 19900 WHERE id = 305');
          await t.rows(
            `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at) VALUES ${subscriptions
              .map(
                (s) =>
                  `(${s.owner}, ${s.plan}, '${s.status}', '${s.source}', '${at(s.start)}', ${
                    s.minutes === null ? 'NULL' : `'${at(s.start + s.minutes)}'`
                  })`,
              )
              .join(', ')}`,
          );
          await t.app.dashboardRollups.runOnce();
          expect(await storedLines()).toEqual(await naiveLines());
          const ids = (
            await t.rows<{ id: number }>(
              `SELECT id FROM subscriptions WHERE owner IN (${OWNERS.join(', ')}) ORDER BY id`,
            )
          ).map((r) => r.id);
          for (const c of changes) {
            const id = ids[('pick' in c ? c.pick : 0) % ids.length];
            if (c.kind === 'refund') await t.rows(`UPDATE subscriptions SET status = 'canceled' WHERE id = ${id}`);
            if (c.kind === 'extend')
              await t.rows(
                `UPDATE subscriptions SET expires_at = greatest(started_at, expires_at + INTERVAL '${c.days * DAY} milliseconds') WHERE id = ${id}`,
              );
            if (c.kind === 'delete') await t.rows(`DELETE FROM subscriptions WHERE id = ${id}`);
            if (c.kind === 'reprice') await t.rows(`UPDATE subscription_plans SET price = ${c.price} WHERE id = 305`);
          }
          await t.app.dashboardRollups.runOnce();
          expect(await storedLines()).toEqual(await naiveLines());
          // The day sums agree with the rows they sum.
          const drift = await t.rows<{ n: number }>(
            `SELECT count(*)::int AS n FROM (SELECT day, kind, sum(amount) AS a, count(*) AS c FROM mrr_movements GROUP BY 1, 2) m
             FULL JOIN (SELECT * FROM mrr_daily WHERE amount <> 0 OR customers <> 0) d USING (day, kind)
             WHERE coalesce(m.a, 0) <> coalesce(d.amount, 0) OR coalesce(m.c, 0) <> coalesce(d.customers, 0)`,
          );
          expect(drift[0]?.n).toBe(0);
        },
      ),
      { numRuns: 25, seed: 35 },
    );
  }, 300_000);
});
