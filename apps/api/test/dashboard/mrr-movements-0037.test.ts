import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';
import { PLANS } from './mrr-movements-fixture';

/**
 * `pult_mrr_movements` was rewritten for speed (migration 0051, decision 0055): running sums over each
 * customer's days instead of 0037's join of every candidate day to the subscriptions. This holds the new
 * shape to the old one, every column of every row (the plan included, which the naive walk of
 * mrr-property.test.ts leaves out), over random histories, for all customers and for some of them. 0037's
 * definition is kept here as a query, as it was in that migration.
 */
const DEFINITION_0037 = (owners: string) => `
  WITH counted AS (
    SELECT s.owner, s.plan_id AS plan, s.started_at, pult_day(s.started_at) AS sd, pult_day(s.expires_at) AS ed,
      (CASE p.period WHEN 'year' THEN round(p.price / 12.0) ELSE p.price END)::bigint AS mrr
    FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
    WHERE (${owners} IS NULL OR s.owner = ANY (${owners}))
      AND s.source = 'purchase' AND s.status <> 'canceled' AND p.period IN ('month', 'year') AND p.price > 0
  ),
  candidates AS (
    SELECT DISTINCT c.owner, x.d FROM counted c, LATERAL (VALUES (c.sd), (c.ed), (c.ed + 1)) AS x(d)
    WHERE x.d IS NOT NULL
  ),
  per_day AS (
    SELECT k.owner, k.d,
      bool_or(s.sd < k.d) AS had_before,
      CASE WHEN bool_or(s.ed IS NULL OR s.ed > k.d)
        THEN sum(s.mrr) FILTER (WHERE s.ed IS NULL OR s.ed > k.d)
        ELSE coalesce(sum(s.mrr) FILTER (WHERE s.ed >= k.d), 0) END AS mrr_now,
      CASE WHEN bool_or(s.sd < k.d AND (s.ed IS NULL OR s.ed >= k.d))
        THEN sum(s.mrr) FILTER (WHERE s.sd < k.d AND (s.ed IS NULL OR s.ed >= k.d))
        ELSE coalesce(sum(s.mrr) FILTER (WHERE s.sd < k.d AND s.ed >= k.d - 1), 0) END AS mrr_before,
      (array_agg(s.plan ORDER BY (s.ed IS NULL OR s.ed > k.d) DESC, s.mrr DESC, s.started_at DESC)
        FILTER (WHERE s.ed IS NULL OR s.ed >= k.d))[1] AS plan_now,
      (array_agg(s.plan ORDER BY (s.ed IS NULL OR s.ed >= k.d) DESC, s.mrr DESC, s.started_at DESC)
        FILTER (WHERE s.sd < k.d AND (s.ed IS NULL OR s.ed >= k.d - 1)))[1] AS plan_before
    FROM candidates k JOIN counted s ON s.owner = k.owner AND s.sd <= k.d
    GROUP BY k.owner, k.d
  )
  SELECT owner AS user_id, d AS day,
    CASE WHEN mrr_before = 0 THEN CASE WHEN had_before THEN 'reactivation' ELSE 'new' END
      WHEN mrr_now = 0 THEN 'churn'
      WHEN mrr_now > mrr_before THEN 'expansion'
      ELSE 'contraction' END AS kind,
    (mrr_now - mrr_before)::bigint AS amount,
    CASE WHEN mrr_now = 0 THEN plan_before ELSE plan_now END AS plan_id
  FROM per_day
  WHERE mrr_now <> mrr_before`;

const OWNERS = [5001, 5002, 5003, 5004, 5005];
const SOME = 'ARRAY[5002, 5005]::integer[]';

// Several subscriptions of one owner per day, renewals at expiry, same-day upgrades: the cases where the
// candidate days coincide and the plan is chosen among several.
const subscription = fc.record({
  owner: fc.constantFrom(...OWNERS),
  // 301, 305 and 307 monthly, 302 and 308 yearly (307 and 308 at 301's MRR: the plan is then chosen by the
  // start); 306 a yearly plan so cheap its MRR rounds to 0; 303 and 304 count nothing.
  plan: fc.constantFrom(301, 302, 303, 304, 305, 306, 307, 308),
  source: fc.constantFrom('purchase', 'purchase', 'purchase', 'purchase', 'promo'),
  status: fc.constantFrom('active', 'expired', 'expired', 'canceled'),
  // Whole days (and a few hours either side of Moscow midnight) from NOW, two months back: histories overlap.
  day: fc.integer({ min: -60, max: 10 }),
  hour: fc.constantFrom(0, 1, 10, 20, 21, 22, 23),
  days: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null, freq: 6 }),
});

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await t.rows(PLANS);
  await t.rows(`INSERT INTO subscription_plans (id, title, price, period, duration_days) VALUES
    (306, 'MRR год за копейки', 5, 'year', 365), (307, 'MRR месяц другой', 29900, 'month', 30),
    (308, 'MRR год по цене месяца', 358800, 'year', 365)`);
  await t.rows(
    `INSERT INTO users (id, email, role, created_at) VALUES ${OWNERS.map((id) => `(${id}, 'mrr${id}@p.test', 'user', '2024-01-01T00:00:00Z')`).join(', ')}`,
  );
});
afterAll(() => t.close());

const lines = async (query: string) =>
  (
    await t.rows<{ line: string }>(
      `SELECT user_id || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || kind || ' ' || amount || ' ' || coalesce(plan_id::text, '-') AS line
       FROM (${query}) m`,
    )
  )
    .map((row) => row.line)
    .sort();

describe(`pult_mrr_movements against 0037's definition (${testDbKind})`, () => {
  it('gives the same rows, plans included, for all customers and for some', async () => {
    let movements = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(subscription, { minLength: 4, maxLength: 32 }), async (subscriptions) => {
        await t.rows(`DELETE FROM subscriptions WHERE owner IN (${OWNERS.join(', ')})`);
        // Each start a second apart from every other: 0037 ordered equal plans' ties arbitrarily.
        const values = subscriptions.map((s, i) => {
          const start = new Date(NOW.getTime() + s.day * 86_400_000 + (s.hour - 9) * 3_600_000 + i * 1000);
          const end = s.days === null ? 'NULL' : `'${new Date(start.getTime() + s.days * 86_400_000).toISOString()}'`;
          return `(${s.owner}, ${s.plan}, '${s.status}', '${s.source}', '${start.toISOString()}', ${end})`;
        });
        await t.rows(
          `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at) VALUES ${values.join(', ')}`,
        );
        const all = await lines('SELECT * FROM pult_mrr_movements(NULL)');
        expect(all).toEqual(await lines(DEFINITION_0037('NULL::integer[]')));
        expect(await lines(`SELECT * FROM pult_mrr_movements(${SOME})`)).toEqual(await lines(DEFINITION_0037(SOME)));
        movements += all.length;
      }),
      { numRuns: 60, seed: 51 },
    );
    // The histories did make movements (not a comparison of two empty lists).
    expect(movements).toBeGreaterThan(300);
  }, 300_000);
});
