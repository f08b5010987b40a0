import { loadavg } from 'node:os';
import { cohortGroupings } from '@pult/contract';
import pg from 'pg';
import { api, pathOf } from '../lib/api';
import { summarize } from '../lib/percentiles';
import type { MeasuredScenario } from './scenario';

/** Sequential requests per grouping after the first (cold) one. */
const REPEATS = 30;

async function timedGet(url: string, token: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'api-token': token } });
  const body = (await response.json()) as { items?: unknown[] };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: Math.round(ms * 10) / 10, rows: body.items?.length ?? 0 };
}

/**
 * GET /api/analytics/cohorts (docs/decisions/0046) by month and by promo series: the first request
 * each (run it on a server just started, so nothing of the route is warm: "cold"), then REPEATS more
 * one after another. With --database-url, also what the rollup saves: the live statement
 * (`pult_cohort_cells()` over every paid subscription, transaction and activation) timed once, and the
 * rollup's size. The load average is recorded before and after: this machine is shared.
 */
export const cohortsScenario: MeasuredScenario = {
  name: 'cohorts',
  mode: { kind: 'measured' },
  target: { coldMs: 300 },
  notes:
    'GET /api/analytics/cohorts?by=month|promoSeries: first request on a fresh server (cold), then 30 in a row; ' +
    'with --database-url the live pult_cohort_cells() statement the rollup replaces, timed once.',
  run: async ({ options, token }) => {
    const loadBefore = loadavg();
    const measurements: Record<string, unknown> = {};
    let met = true;
    for (const by of cohortGroupings) {
      const url = `${options.url}${pathOf(api.dashboard.cohorts, { query: { by } })}`;
      const cold = await timedGet(url, token);
      const warm: number[] = [];
      for (let i = 0; i < REPEATS; i++) warm.push((await timedGet(url, token)).ms);
      measurements[by] = { coldMs: cold.ms, cohorts: cold.rows, warmMs: summarize(warm) };
      met &&= cold.ms <= 300;
    }
    if (options.databaseUrl) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        const started = performance.now();
        const live = await client.query<{ n: string }>('SELECT count(*) AS n FROM pult_cohort_cells()');
        measurements.liveStatementMs = Math.round(performance.now() - started);
        measurements.liveStatementRows = Number(live.rows[0]?.n ?? 0);
        const stored = await client.query<{ n: string; bytes: string }>(
          "SELECT count(*) AS n, pg_total_relation_size('cohort_cells') AS bytes FROM cohort_cells",
        );
        measurements.rollupRows = Number(stored.rows[0]?.n ?? 0);
        measurements.rollupBytes = Number(stored.rows[0]?.bytes ?? 0);
      } finally {
        await client.end();
      }
    }
    measurements.loadAverage = {
      before: loadBefore.map((n) => Math.round(n * 100) / 100),
      after: loadavg().map((n) => Math.round(n * 100) / 100),
    };
    return { measurements, met };
  },
};
