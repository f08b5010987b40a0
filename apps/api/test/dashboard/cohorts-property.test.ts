import { type CohortsResponse, cohortGroupings } from '@pult/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildCohorts } from '../../src/modules/dashboard/cohort-rollup';
import { testDbKind } from '../helpers/test-database';
import { naiveCohorts } from './cohorts-naive';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';
import { PLANS } from './mrr-movements-fixture';

/**
 * Random histories (decision 0046): purchases, upgrades and downgrades between plans, lapses and
 * reactivations, canceled purchases, yearly, lifetime and free plans, grants; payments, renewals and
 * refunds of every status; activations of two series, some twice. The rebuilt grid, as the API answers it,
 * against the naive member-by-member walk.
 */
const OWNERS = [5001, 5002, 5003, 5004, 5005, 5006, 5007];
const SERIES = [961, 962];

const subscription = fc.record({
  owner: fc.constantFrom(...OWNERS),
  plan: fc.constantFrom(301, 302, 303, 304, 305),
  source: fc.constantFrom('purchase', 'purchase', 'purchase', 'promo', 'admin'),
  status: fc.constantFrom('active', 'expired', 'expired', 'canceled'),
  // Minutes from NOW: about 14 months back to a month ahead, any time of day (Moscow midnight included).
  start: fc.integer({ min: -430 * 24 * 60, max: 30 * 24 * 60 }),
  minutes: fc.option(fc.integer({ min: 0, max: 400 * 24 * 60 }), { nil: null, freq: 8 }),
});

const payment = fc.record({
  user: fc.constantFrom(...OWNERS),
  kind: fc.constantFrom('purchase', 'renewal', 'refund', 'grant'),
  status: fc.constantFrom('succeeded', 'succeeded', 'refunded', 'failed', 'pending', 'canceled'),
  amount: fc.integer({ min: 0, max: 500_000 }),
  start: fc.integer({ min: -430 * 24 * 60, max: 0 }),
});

const activation = fc.record({
  user: fc.constantFrom(...OWNERS),
  series: fc.constantFrom(...SERIES),
  start: fc.integer({ min: -430 * 24 * 60, max: 0 }),
});

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await t.rows(PLANS);
  await t.rows(
    `INSERT INTO users (id, email, role, created_at) VALUES ${OWNERS.map((id) => `(${id}, 'cohort${id}@p.test', 'user', '2024-01-01T00:00:00Z')`).join(', ')}`,
  );
  for (const id of SERIES)
    await t.rows(`INSERT INTO promo_series (id, name, code_length, codes_count, plan_id, duration_days, generation_status, generated)
      VALUES (${id}, 'Серия ${id}', 8, 100, 301, 30, 'done', 100)`);
});
afterAll(() => t.close());

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

async function grid(by: (typeof cohortGroupings)[number]): Promise<CohortsResponse> {
  const response = await t.app.inject({ url: `/api/analytics/cohorts?by=${by}`, headers: { 'api-token': t.token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe(`cohorts over random histories (${testDbKind})`, () => {
  it('every cell, size and LTV equals the naive walk, by month and by series', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(subscription, { minLength: 1, maxLength: 16 }),
        fc.array(payment, { minLength: 5, maxLength: 40 }),
        fc.array(activation, { maxLength: 8 }),
        async (subscriptions, payments, activations) => {
          run += 1;
          const owners = OWNERS.join(', ');
          await t.rows(`DELETE FROM subscriptions WHERE owner IN (${owners})`);
          await t.rows(`DELETE FROM transactions WHERE user_id IN (${owners})`);
          await t.rows(`DELETE FROM promo_codes WHERE series_id IN (${SERIES.join(', ')})`);
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
          if (payments.length > 0)
            await t.rows(
              `INSERT INTO transactions (user_id, plan_id, amount, status, provider, kind, created_at) VALUES ${payments
                .map((p) => {
                  const amount = p.kind === 'refund' ? -p.amount : p.kind === 'grant' ? 0 : p.amount;
                  return `(${p.user}, 301, ${amount}, '${p.status}', 'yookassa', '${p.kind}', '${at(p.start)}')`;
                })
                .join(', ')}`,
            );
          if (activations.length > 0)
            await t.rows(
              `INSERT INTO promo_codes (value, series_id, status, activated_by, activated_at) VALUES ${activations
                .map((a, i) => `('P${run}X${i}', ${a.series}, 'activated', ${a.user}, '${at(a.start)}')`)
                .join(', ')}`,
            );
          await rebuildCohorts(t.database.db, NOW);
          for (const by of cohortGroupings) {
            const answer = await grid(by);
            expect(answer.items).toEqual(await naiveCohorts(t, by, answer.today));
          }
        },
      ),
      { numRuns: 30, seed: 46 },
    );
  }, 300_000);
});
