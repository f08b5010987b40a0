import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchDir } from '../lib/capture-sql';
import type { BenchOptions } from '../lib/options';
import { costCurveSvg, costCurveTable } from './cost-curve-chart';
import type { MeasuredScenario } from './scenario';

/**
 * The scenarios of the curve (issue 37 target 5), run as they are by `npm run bench` itself against
 * one server per database: nothing is measured twice or differently here, this only starts the
 * servers, collects their result files and puts the points side by side.
 */
export const CURVE_SCENARIOS = [
  'users-page-1',
  'users-page-last',
  'users-email-filter',
  'subscriptions-page-1',
  'transactions-page-1',
  'dashboard-data-30',
  'lists-vs-sql',
  'users-export',
  'promo-activate',
] as const;

/** Bench runs per point, each with its own sign-in: the reads, then the export, then the writer. */
const GROUPS = [CURVE_SCENARIOS.slice(0, 7), ['users-export'], ['promo-activate']] as const;

/** The fixed-rate ones: their p99 at 20 req/s is the curve's main line. */
export const RATE_SCENARIOS = CURVE_SCENARIOS.slice(0, 6);
/** The lists whose p50 `lists-vs-sql` puts against their raw SQL. */
export const RATIO_CASES = [
  'users-page-1',
  'users-page-last',
  'users-email-filter',
  'subscriptions-page-1',
  'transactions-page-1',
] as const;

/** Flat: a figure at the largest size within this factor of the same figure at the size before it. */
export const FLAT_WITHIN = 1.5;

export interface CurvePoint {
  label: string;
  users: number;
  /** Load average (1 min) sampled every 5 s while this point ran: min, mean, max. */
  loadAverage: { min: number; mean: number; max: number; samples: number };
  p99Ms: Record<string, number | null>;
  p50Ms: Record<string, number | null>;
  /** HTTP p50 / raw SQL p50 of each list (lists-vs-sql). */
  ratioToSql: Record<string, number | null>;
  export: {
    seconds: number | null;
    rows: number | null;
    rowsPerSecond: number | null;
    rssGrowthMb: number | null;
    rssPeakMb: number | null;
  };
  activationsPerSecond: number | null;
  /** Seconds the freshly started server took to finish its catch-up before the point was measured. */
  settledAfterS: number | null;
  /** Scenarios that failed or were skipped at this point, with the bench's words. */
  problems: string[];
}

interface Database {
  label: string;
  url: string;
}

/** `COST_CURVE_DATABASES=100k=postgres://…/curve_100k,1m=postgres://…/curve_1m,10m=…`, smallest first. */
export function parseDatabases(value: string | undefined): Database[] {
  const databases = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const at = item.indexOf('=');
      if (at <= 0) throw new Error(`COST_CURVE_DATABASES: "${item}" is not label=postgres://…`);
      return { label: item.slice(0, at), url: item.slice(at + 1) };
    });
  if (databases.length === 0) {
    throw new Error('cost-curve needs COST_CURVE_DATABASES=100k=postgres://…,1m=postgres://…,10m=postgres://…');
  }
  return databases;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits until the freshly started server's catch-up work is over: past its periodic jobs' first tick
 * (they start 30 s after the server, `FIRST_TICK_S`), no other backend of the database running a
 * statement at three samples in a row, 5 s apart. A server started on a database seeded hours before
 * first rebuilds its rollups (the cohort grid took over 10 min at 10 M users), and a point measured
 * beside that measures the rebuild (stop 49). Resolves the seconds waited; gives up at `maxS`.
 */
const FIRST_TICK_S = 35;
export async function waitSettled(databaseUrl: string, maxS: number): Promise<{ seconds: number; settled: boolean }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let quiet = 0;
    while (Date.now() - started < maxS * 1000) {
      const { rows } = await client.query<{ busy: string }>(
        `SELECT count(*) AS busy FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
            AND backend_type = 'client backend'`,
      );
      const pastFirstTick = Date.now() - started >= FIRST_TICK_S * 1000;
      quiet = pastFirstTick && Number(rows[0]?.busy ?? 0) === 0 ? quiet + 1 : 0;
      if (quiet >= 3) return { seconds: Math.round((Date.now() - started) / 1000), settled: true };
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    return { seconds: Math.round((Date.now() - started) / 1000), settled: false };
  } finally {
    await client.end();
  }
}

async function waitUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

function runChild(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function readJson(file: string): Promise<Record<string, unknown> | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const field = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );

/** One database: its own server (from COST_CURVE_SERVER_DIR), the bench on it, the result files read back. */
async function measurePoint(options: BenchOptions, database: Database): Promise<CurvePoint> {
  const serverDir = process.env.COST_CURVE_SERVER_DIR ?? join(benchDir, '..');
  // The bench of the same checkout as the server: lists-vs-sql captures the statements by loading that API's code.
  const benchChildDir = process.env.COST_CURVE_BENCH_DIR ?? join(serverDir, 'bench');
  const dataDir = mkdtempSync(join(tmpdir(), `cost-curve-data-${database.label}-`));
  const outDir = mkdtempSync(join(tmpdir(), `cost-curve-${database.label}-`));
  const port = process.env.COST_CURVE_PORT ? Number(process.env.COST_CURVE_PORT) : await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(round2(loadavg()[0] ?? 0)), 5000);
  loads.push(round2(loadavg()[0] ?? 0));
  const problems: string[] = [];
  let settle: { seconds: number; settled: boolean } | null = null;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUp(`${base}/api/config`, server, 180_000);
    console.log(`cost-curve ${database.label}: server pid ${server.pid} on ${base}; waiting for its catch-up`);
    settle = await waitSettled(database.url, Number(process.env.COST_CURVE_SETTLE_MAX_S ?? 1800));
    if (!settle.settled) problems.push(`the server was still busy after ${settle.seconds} s; measured beside it`);
    console.log(`cost-curve ${database.label}: settled after ${settle.seconds} s`);
    // The load average is of the measurement only, not of the catch-up before it.
    loads.length = 0;
    loads.push(round2(loadavg()[0] ?? 0));
    // Each group signs in afresh: the export is a step-up action (decision 0044), refused (403) once the
    // sign-in is more than five minutes old, which the lists before it outlast at 10 M users.
    for (const group of GROUPS) {
      const code = await runChild(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/run.ts',
          '--url',
          base,
          '--email',
          options.email,
          '--password',
          options.password,
          '--scenario',
          group.join(','),
          '--duration',
          String(options.durationSeconds),
          '--rate',
          process.env.COST_CURVE_RATE ?? '20',
          '--connections',
          String(options.connections),
          '--activations',
          process.env.COST_CURVE_ACTIVATIONS ?? '5000',
          '--server-pid',
          String(server.pid),
          '--database-url',
          database.url,
          '--out',
          outDir,
        ],
        benchChildDir,
        { ...process.env, INIT_CWD: benchChildDir },
      );
      if (code !== 0) problems.push(`${group.join(', ')}: the bench exited with ${code} (see its output)`);
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    clearInterval(sampler);
    loads.push(round2(loadavg()[0] ?? 0));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }

  const results = Object.fromEntries(
    await Promise.all(
      CURVE_SCENARIOS.map(async (name) => [name, await readJson(join(outDir, `${name}.json`))] as const),
    ),
  );
  rmSync(outDir, { recursive: true, force: true });
  for (const name of CURVE_SCENARIOS) if (!results[name]) problems.push(`${name}: no result`);
  const lists = results['lists-vs-sql'];
  const exported = results['users-export'];
  const activated = results['promo-activate'];
  const users =
    num(field(results['users-page-1'], 'dataset', 'users')) ?? num(field(exported, 'dataset', 'users')) ?? 0;
  return {
    label: database.label,
    users,
    loadAverage: {
      min: Math.min(...loads),
      mean: round2(loads.reduce((sum, n) => sum + n, 0) / loads.length),
      max: Math.max(...loads),
      samples: loads.length,
    },
    p99Ms: Object.fromEntries(RATE_SCENARIOS.map((name) => [name, num(field(results[name], 'latencyMs', 'p99'))])),
    p50Ms: Object.fromEntries(RATE_SCENARIOS.map((name) => [name, num(field(results[name], 'latencyMs', 'p50'))])),
    ratioToSql: Object.fromEntries(
      RATIO_CASES.map((name) => [name, num(field(lists, 'measurements', name, 'ratioP50'))]),
    ),
    export: {
      seconds: num(field(exported, 'measurements', 'seconds')),
      rows: num(field(exported, 'measurements', 'rows')),
      rowsPerSecond: num(field(exported, 'measurements', 'rowsPerSecond')),
      rssGrowthMb: num(field(exported, 'measurements', 'serverRss', 'growthMb')),
      rssPeakMb: num(field(exported, 'measurements', 'serverRss', 'peakMb')),
    },
    activationsPerSecond: num(field(activated, 'measurements', 'activationsPerSecond')),
    settledAfterS: settle?.seconds ?? null,
    problems,
  };
}

/**
 * Each figure at the largest size over the same at the size before it (10 M over 1 M): flat when
 * within FLAT_WITHIN. Latencies and ratios must not grow by more; the export's rate and the
 * redemptions per second must not shrink by more; the export's RSS growth must stay under 50 MB.
 */
export function flatness(points: readonly CurvePoint[]) {
  const last = points.at(-1);
  const before = points.at(-2);
  if (!last || !before) return { from: null, to: null, figures: {}, flat: false };
  const figures: Record<string, { before: number | null; after: number | null; factor: number | null; flat: boolean }> =
    {};
  // A latency or ratio of 0 is a scenario that answered nothing (every request failed): never flat.
  const grows = (name: string, a: number | null, b: number | null) => {
    const factor = a !== null && b !== null && a > 0 && b > 0 ? round2(b / a) : null;
    figures[name] = { before: a, after: b, factor, flat: factor !== null && factor <= FLAT_WITHIN };
  };
  const shrinks = (name: string, a: number | null, b: number | null) => {
    const factor = a !== null && b !== null && b > 0 ? round2(a / b) : null;
    figures[name] = { before: a, after: b, factor, flat: factor !== null && factor <= FLAT_WITHIN };
  };
  for (const name of RATE_SCENARIOS) grows(`${name} p99`, before.p99Ms[name] ?? null, last.p99Ms[name] ?? null);
  for (const name of RATIO_CASES) {
    grows(`${name} ratio to SQL`, before.ratioToSql[name] ?? null, last.ratioToSql[name] ?? null);
  }
  shrinks('export rows/s', before.export.rowsPerSecond, last.export.rowsPerSecond);
  shrinks('activations/s', before.activationsPerSecond, last.activationsPerSecond);
  const growth = last.export.rssGrowthMb;
  figures['export RSS growth ≤ 50 MB'] = {
    before: before.export.rssGrowthMb,
    after: growth,
    factor: null,
    flat: growth !== null && growth <= 50,
  };
  return {
    from: before.label,
    to: last.label,
    figures,
    flat: Object.values(figures).every((figure) => figure.flat),
  };
}

/**
 * Issue 37 target 5: the same scenarios at 100 k, 1 M and 10 M users (COST_CURVE_DATABASES, seeded
 * with `npm run seed -- --users N --reset` in the proportions), one server per database,
 * started here from COST_CURVE_SERVER_DIR (default: this checkout) with `node --import tsx`, and measured
 * by that checkout's own bench (COST_CURVE_BENCH_DIR, default its bench/).
 * Writes cost-curve.json (via the bench) and cost-curve.svg beside it, and prints a Markdown table.
 */
export const costCurveScenario: MeasuredScenario = {
  name: 'cost-curve',
  mode: { kind: 'measured' },
  standalone: true,
  target: { flatWithin: FLAT_WITHIN, rssGrowthMb: 50 },
  notes: `${CURVE_SCENARIOS.join(', ')} against one server per database (COST_CURVE_DATABASES, smallest first), fixed-rate ones at COST_CURVE_RATE (default 20) req/s for --duration s, promo-activate with COST_CURVE_ACTIVATIONS (default 5 000) codes on --connections connections. Met when every p99 and every p50 ratio to raw SQL at the largest size is within ${FLAT_WITHIN}× of the size before it, the export's rate and the redemptions per second do not drop by more, and the export's RSS grows by ≤ 50 MB. The load average (1 min) is sampled every 5 s per point.`,
  async run({ options }) {
    const databases = parseDatabases(process.env.COST_CURVE_DATABASES);
    const points: CurvePoint[] = [];
    for (const database of databases) points.push(await measurePoint(options, database));
    const verdict = flatness(points);
    await mkdir(options.resultsDir, { recursive: true });
    await writeFile(join(options.resultsDir, 'cost-curve.svg'), costCurveSvg(points));
    console.log(costCurveTable(points));
    return {
      measurements: {
        rate: Number(process.env.COST_CURVE_RATE ?? 20),
        durationSeconds: options.durationSeconds,
        points,
        flatness: verdict,
      },
      met: verdict.flat && points.every((point) => point.problems.length === 0),
      listCount: points.at(-1)?.users ?? 0,
    };
  },
};
