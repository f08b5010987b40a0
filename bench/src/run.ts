import { fileURLToPath } from 'node:url';
import { createFetchClient } from '@pult/contract';
import { signIn, TAKE } from './lib/api';
import { type LoadResult, runLoad } from './lib/load';
import { runOpenLoad } from './lib/open-load';
import { type BenchOptions, parseOptions } from './lib/options';
import {
  backendsCpuSince,
  databaseOf,
  readCommandCpuMs,
  readCpuMs,
  readDatabaseBackendsCpuMs,
} from './lib/process-cpu';
import { loadNow, type MeasuredResult, type ScenarioResult, writeResult } from './lib/result-file';
import { allScenarios } from './scenarios/all-scenarios';
import {
  isMeasured,
  type LoadScenario,
  type MeasuredScenario,
  type Scenario,
  type ScenarioContext,
} from './scenarios/scenario';

function select(names: string[]): readonly Scenario[] {
  if (names.length === 0) return allScenarios;
  const unknown = names.filter((name) => !allScenarios.some((s) => s.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown scenario: ${unknown.join(', ')} (known: ${allScenarios.map((s) => s.name).join(', ')})`);
  }
  return allScenarios.filter((s) => names.includes(s.name));
}

type Probe = { problem: string } | { problem: null; count?: number };

/** One request before the load: a scenario the server cannot answer yet is skipped, not measured. */
async function probe(options: BenchOptions, scenario: LoadScenario, context: ScenarioContext): Promise<Probe> {
  const request = await scenario.request(context);
  const response = await fetch(`${options.url}${request.path}`, {
    method: request.method,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body ? { body: request.body } : {}),
  });
  const text = await response.text();
  if (scenario.expectStatus !== undefined && response.status === scenario.expectStatus) return { problem: null };
  if (!response.ok) return { problem: `the server answered HTTP ${response.status} ${text.slice(0, 200)}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { problem: scenario.check ? 'the response was not JSON' : null };
  }
  const problem = scenario.check?.(body) ?? null;
  if (problem) return { problem };
  const count = (body as { count?: unknown }).count;
  return { problem: null, ...(typeof count === 'number' ? { count } : {}) };
}

/**
 * A load scenario meets its target when p99 is within it, nothing failed, the rate was held, and a
 * capacity scenario answered at least `perSecond` a second.
 */
function judge(scenario: LoadScenario, load: LoadResult, rate: number | undefined): boolean {
  const p99Ms = scenario.target?.p99Ms;
  const perSecond = scenario.target?.perSecond;
  const heldRate = rate === undefined || load.perSecond >= rate * 0.95;
  const fastEnough = perSecond === undefined || load.perSecond >= perSecond;
  return (
    (p99Ms === undefined || load.latencyMs.p99 <= p99Ms) &&
    load.errors === 0 &&
    load.non2xx === 0 &&
    heldRate &&
    fastEnough
  );
}

function dataset(context: ScenarioContext, listCount?: number) {
  return {
    users: context.firstPage.count,
    ...(context.firstPage.countIsEstimate ? { countIsEstimate: true } : {}),
    ...(listCount === undefined ? {} : { listCount }),
    db: context.options.db,
  };
}

/** Unmeasured seconds before each fixed-rate scenario. */
const WARMUP_SECONDS = 3;

async function runLoadScenario(scenario: LoadScenario, context: ScenarioContext, count?: number) {
  const { options } = context;
  const fixedRate = scenario.mode.kind === 'fixed-rate';
  const connections = scenario.mode.kind === 'capacity' ? scenario.mode.connections : options.connections;
  const request = await scenario.request(context);
  // A few unmeasured seconds at the same rate first, so the figures describe a warm server (JIT,
  // connection pool, the database's buffers), not the first requests after a restart.
  if (fixedRate && WARMUP_SECONDS > 0) {
    await runOpenLoad({
      url: options.url,
      request,
      rate: options.rate,
      durationSeconds: WARMUP_SECONDS,
      expectStatus: scenario.expectStatus,
    });
  }
  const cpuBefore = options.serverPid ? await readCpuMs(options.serverPid) : undefined;
  // PostgreSQL's share, when it runs on this machine (0 otherwise, as for PGlite inside the server).
  const databaseCpuBefore = await readCommandCpuMs('postgres');
  // With --database-url: the server's own database's backends apart (other sessions' PostgreSQL work excluded).
  const serverDatabase = databaseOf(options.databaseUrl);
  const backendsBefore = serverDatabase ? await readDatabaseBackendsCpuMs(serverDatabase) : undefined;
  const loadBefore = loadNow();
  // Fixed rate: evenly spaced arrivals (open model); capacity: autocannon's closed loop.
  const load: LoadResult & { maxInFlight?: number; slowest?: { due: string; ms: number }[] } = fixedRate
    ? await runOpenLoad({
        url: options.url,
        request,
        rate: options.rate,
        durationSeconds: options.durationSeconds,
        expectStatus: scenario.expectStatus,
      })
    : await runLoad({ url: options.url, request, connections, durationSeconds: options.durationSeconds });
  const cpuMs =
    options.serverPid && cpuBefore !== undefined ? (await readCpuMs(options.serverPid)) - cpuBefore : undefined;
  const databaseCpuMs = (await readCommandCpuMs('postgres')) - databaseCpuBefore;
  const serverDatabaseCpuMs =
    serverDatabase && backendsBefore
      ? backendsCpuSince(backendsBefore, await readDatabaseBackendsCpuMs(serverDatabase))
      : undefined;
  const perRequest = (ms: number) => Math.round((ms / Math.max(1, load.total)) * 100) / 100;
  const result: ScenarioResult = {
    scenario: scenario.name,
    date: new Date().toISOString(),
    url: options.url,
    // For a fixed rate: the most requests in flight at once (the schedule, not a pool, decides).
    connections: load.maxInFlight ?? connections,
    durationSeconds: options.durationSeconds,
    ...(fixedRate ? { targetRate: options.rate, warmupSeconds: WARMUP_SECONDS } : {}),
    loadModel: fixedRate ? 'open' : 'closed',
    requests: { total: load.total, perSecond: load.perSecond },
    latencyMs: load.latencyMs,
    errors: load.errors,
    non2xx: load.non2xx,
    statusCodes: load.statusCodes,
    ...(cpuMs === undefined ? {} : { serverCpuMsPerRequest: perRequest(cpuMs) }),
    ...(databaseCpuMs > 0 ? { postgresCpuMsPerRequest: perRequest(databaseCpuMs) } : {}),
    ...(serverDatabaseCpuMs === undefined ? {} : { postgresDatabaseCpuMsPerRequest: perRequest(serverDatabaseCpuMs) }),
    ...(load.slowest ? { slowest: load.slowest } : {}),
    loadAverage: { before: loadBefore, after: loadNow() },
    dataset: dataset(context, count),
    ...(scenario.target
      ? { target: scenario.target, met: judge(scenario, load, fixedRate ? options.rate : undefined) }
      : {}),
    notes: scenario.notes,
  };
  const file = await writeResult(options.resultsDir, result);
  const { p50, p95, p99, max } = result.latencyMs;
  const verdict = result.met === undefined ? '' : result.met ? ', target met' : ', TARGET MISSED';
  console.log(
    `- ${scenario.name}: ${result.requests.perSecond} req/s${result.serverCpuMsPerRequest === undefined ? '' : `, server CPU ${result.serverCpuMsPerRequest} ms/req`}${result.postgresCpuMsPerRequest === undefined ? '' : `, PostgreSQL CPU ${result.postgresCpuMsPerRequest} ms/req`}, p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms, max ${max} ms, errors ${result.errors}, non-2xx ${result.non2xx}, load ${result.loadAverage.before} → ${result.loadAverage.after}${verdict} → ${file}`,
  );
}

async function runMeasuredScenario(scenario: MeasuredScenario, context: ScenarioContext) {
  const pid = context.options.serverPid;
  const cpuBefore = pid ? await readCpuMs(pid) : undefined;
  const loadBefore = loadNow();
  const outcome = await scenario.run(context);
  if (pid && cpuBefore !== undefined) {
    // What the server itself burnt (set-up included): on a shared machine the wall clock also counts the neighbours.
    outcome.measurements.serverCpuSeconds = Math.round((await readCpuMs(pid)) - cpuBefore) / 1000;
  }
  const result: MeasuredResult = {
    scenario: scenario.name,
    date: new Date().toISOString(),
    url: context.options.url,
    measurements: outcome.measurements,
    loadAverage: { before: loadBefore, after: loadNow() },
    dataset: dataset(context, outcome.listCount),
    target: scenario.target ?? {},
    met: outcome.met,
    notes: scenario.notes,
  };
  const file = await writeResult(context.options.resultsDir, result);
  console.log(
    `- ${scenario.name}: ${JSON.stringify(outcome.measurements)}${outcome.met ? ', target met' : ', TARGET MISSED'} → ${file}`,
  );
}

async function main() {
  const resultsDir = fileURLToPath(new URL('../results', import.meta.url));
  const options = parseOptions(process.argv.slice(2), process.env, resultsDir);
  const scenarios = select(options.scenarios);
  // A cold start launches its own server: alone, it needs nobody signed in anywhere.
  if (scenarios.every((s) => isMeasured(s) && s.standalone)) {
    const firstPage = { items: [], count: 0, countIsEstimate: false };
    const context = { options: { ...options, db: 'pglite' }, firstPage } as unknown as ScenarioContext;
    for (const scenario of scenarios) await runMeasuredScenario(scenario as MeasuredScenario, context);
    return;
  }
  const token = await signIn(options.url, options.email, options.password);
  const api = createFetchClient(options.url, token);
  const firstPage = await api.users.list({ query: { take: TAKE, page: 1 } });
  const context: ScenarioContext = { options, token, firstPage, api };
  console.log(`${options.url}: ${firstPage.count.toLocaleString('en')} users on ${options.db}`);

  let skipped = 0;
  for (const scenario of scenarios) {
    try {
      if (isMeasured(scenario)) {
        await runMeasuredScenario(scenario, context);
        continue;
      }
      const probed = await probe(options, scenario, context);
      if (probed.problem !== null) {
        skipped++;
        console.log(`- ${scenario.name}: skipped, ${probed.problem}`);
        continue;
      }
      await runLoadScenario(scenario, context, probed.count);
    } catch (error) {
      // One scenario's set-up failing (no subscriptions seeded, say) should not hide the others' results.
      skipped++;
      console.log(`- ${scenario.name}: failed, ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (skipped > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
