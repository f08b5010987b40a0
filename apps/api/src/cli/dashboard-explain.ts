/**
 * EXPLAIN ANALYZE of the dashboard's and the timeline's queries on the database in DATABASE_URL,
 * and the time of whole answers, for when the machine is too loaded for a fair load test:
 *   npx tsx apps/api/src/cli/dashboard-explain.ts [--user ID]
 */
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, queryRows } from '../db/client';
import { loadEnv } from '../env';
import type { ServiceContext } from '../lib/service-context';
import { dashboardService } from '../modules/dashboard/dashboard-service';
import { addDays, dayOf, startOfDay } from '../modules/dashboard/moscow-day';
import { dailyFigures } from '../modules/dashboard/rollup-sql';
import { timelineService } from '../modules/dashboard/timeline-service';

const { values } = parseArgs({ options: { user: { type: 'string' }, runs: { type: 'string', default: '30' } } });
const env = loadEnv();
if (!env.DATABASE_URL) throw new Error('DATABASE_URL (PostgreSQL) is required');
const database = await openDatabase({ url: env.DATABASE_URL });
const client = new pg.Client({ connectionString: env.DATABASE_URL });
await client.connect();
const dialect = new PgDialect();

async function explain(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY ON) ${text}`, params as unknown[]);
  const lines = result.rows.map((row: Record<string, string>) => String(row['QUERY PLAN']));
  const execution = lines.find((line) => line.startsWith('Execution Time')) ?? '';
  process.stdout.write(`\n=== ${name}: ${execution}\n${lines.slice(0, 12).join('\n')}\n`);
}

const now = new Date();
const today = dayOf(now);
const from = addDays(today, -29);
const previousFrom = addDays(today, -59);
const ctx = { db: database.db, clock: { now: () => new Date() } } as unknown as ServiceContext;

await explain(
  'rollup sums (30 days)',
  sql`SELECT metric, dim,
        coalesce(sum(value) FILTER (WHERE day >= ${from}::date), 0)::float8,
        coalesce(sum(value) FILTER (WHERE day >= ${previousFrom}::date AND day < ${from}::date), 0)::float8,
        coalesce(sum(value) FILTER (WHERE day < ${from}::date), 0)::float8,
        coalesce(sum(value) FILTER (WHERE day < ${previousFrom}::date), 0)::float8
      FROM dashboard_daily WHERE metric <> 'retained' AND day < ${today}::date GROUP BY metric, dim`,
);
await explain('today live (every figure)', sql`SELECT * FROM (${dailyFigures(startOfDay(today), now)}) t`);
await explain(
  'active users (30 days)',
  sql`SELECT coalesce(sum(users), 0)::int FROM dashboard_last_seen WHERE day >= ${from}::date`,
);
const yesterday = addDays(today, -1);
await explain('the job: recompute one past day', dailyFigures(startOfDay(yesterday), startOfDay(today)));

const [busy] = await queryRows<{ user_id: number; n: number }>(
  database.db,
  sql`SELECT user_id, count(*)::int AS n FROM transactions GROUP BY user_id ORDER BY 2 DESC LIMIT 1`,
);
const userId = values.user ? Number(values.user) : (busy?.user_id ?? 1);

async function time(name: string, run: () => Promise<unknown>) {
  const runs = Number(values.runs);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
  process.stdout.write(`\n${name}: ${runs} sequential runs, p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms\n`);
}

for (const period of [7, 30, 90] as const)
  await time(`dashboard period=${period}`, () => dashboardService.data(ctx, period));
const count = (await timelineService.page(ctx, userId, { take: 20, page: 1 })).count;
process.stdout.write(`\ntimeline user ${userId}: ${count} events\n`);
await time('timeline page 1', () => timelineService.page(ctx, userId, { take: 20, page: 1 }));
await time('timeline page 10', () => timelineService.page(ctx, userId, { take: 20, page: 10 }));
await time('timeline kind=transaction', () =>
  timelineService.page(ctx, userId, { take: 20, page: 1, kind: ['transaction'] }),
);

await client.end();
await database.close();
