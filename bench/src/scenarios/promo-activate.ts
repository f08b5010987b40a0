import { api as endpoints, type FetchClient, pathOf, signIn } from '../lib/api';
import { type LoadRequest, runLoad } from '../lib/load';
import type { BenchOptions } from '../lib/options';
import {
  backendsCpuSince,
  databaseOf,
  readCommandCpuMs,
  readCpuMs,
  readDatabaseBackendsCpuMs,
} from '../lib/process-cpu';
import { createSeries, waitGenerated } from './promo-fixtures';
import type { MeasuredScenario } from './scenario';

const PLANNER_PASSWORD = 'bench-planner-2024';
const ACTIVATE_PATH = pathOf(endpoints.client.activatePromoCode);

async function inParallel<T>(count: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) out[i] = await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, lane));
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** CPU ms so far of the API process (with --server-pid) and of every local PostgreSQL process; with `since`, the difference. */
async function loadPhaseCpu(options: BenchOptions, since?: LoadPhaseCpu): Promise<LoadPhaseCpu> {
  const database = databaseOf(options.databaseUrl);
  const now: LoadPhaseCpu = {
    api: options.serverPid ? await readCpuMs(options.serverPid) : undefined,
    postgres: await readCommandCpuMs('postgres'),
    ...(database ? { backends: await readDatabaseBackendsCpuMs(database) } : {}),
  };
  if (!since) return now;
  const backends = now.backends && since.backends ? backendsCpuSince(since.backends, now.backends) : undefined;
  return {
    api: now.api === undefined || since.api === undefined ? undefined : now.api - since.api,
    postgres: now.postgres - since.postgres,
    ...(backends === undefined ? {} : { database: backends }),
  };
}

interface LoadPhaseCpu {
  api?: number | undefined;
  postgres: number;
  /** With --database-url: CPU ms so far of each backend of the server's database, by pid. */
  backends?: Map<number, number>;
  /** A difference's: those backends' CPU ms during the load phase. */
  database?: number;
}

/** Planner users (role user) made for this run, signed in: their tokens. */
async function plannerTokens(options: BenchOptions, api: FetchClient): Promise<string[]> {
  const stamp = Date.now().toString(36);
  return inParallel(options.planners, 4, async (i) => {
    const email = `bench.activate.${stamp}.${i}@pult.bench`;
    await api.users.create({
      body: { email, password: PLANNER_PASSWORD, role: 'user', firstName: 'Бенч', lastName: `Активатор ${i}` },
    });
    return signIn(options.url, email, PLANNER_PASSWORD);
  });
}

/** Every code of a fresh series, read back through the paged list the admin UI uses. */
async function freshCodes(api: FetchClient, seriesId: number, count: number): Promise<string[]> {
  const pages = Math.ceil(count / 100);
  const chunks = await inParallel(pages, 4, (i) =>
    api.promoCodes.generatedCodes({ params: { id: seriesId }, query: { take: 100, page: i + 1 } }),
  );
  return chunks.flatMap((chunk) => chunk.items.filter((c) => c.status === 'new').map((c) => c.value));
}

/**
 * Planner users redeem distinct fresh codes as fast as the server takes them: each activation locks
 * its code and its user, bumps a counter shard, and writes a subscription, a transaction and an audit event.
 */
export const promoActivateScenario: MeasuredScenario = {
  name: 'promo-activate',
  mode: { kind: 'measured' },
  // Issue #16 target 6 (a quiet machine): 2 000 a second, each code accepted exactly once.
  target: { activationsPerSecond: 2000 },
  notes: `POST /api/client/promo-codes/activate, closed loop on --connections connections, each request a code never used before (a fresh series read via generated-codes) and one of --planners (default 40; more users than connections, so two requests rarely wait on one user's row lock) signed-in planner users in turn, each extending its one subscription per code. Every code must be accepted exactly once: non-2xx must be 0 and the series' activated counter must equal the activations.`,
  async run({ options, api }) {
    const activations = options.activations;
    const tokens = await plannerTokens(options, api);
    // A few spare codes: autocannon builds one request per connection ahead that is never sent.
    const created = await createSeries(api, {
      name: 'Бенчмарк активаций',
      prefix: 'ACT',
      codesCount: activations + options.connections * 2,
    });
    const series = await waitGenerated(api, created.id);
    const codes = await freshCodes(api, series.id, series.generated);
    if (codes.length < activations + options.connections) throw new Error(`only ${codes.length} fresh codes`);
    let sent = 0;
    const next = (): LoadRequest => {
      const i = sent++;
      return {
        method: 'POST',
        path: ACTIVATE_PATH,
        headers: { 'content-type': 'application/json', 'api-token': tokens[i % tokens.length] ?? '' },
        body: JSON.stringify({ code: codes[i] }),
      };
    };
    // CPU of the load phase alone (the set-up hashes 40 passwords): per activation, for the API and
    // for PostgreSQL when it runs here. On two shared cores these bound the rate whatever the load.
    const cpuBefore = await loadPhaseCpu(options);
    const load = await runLoad({
      url: options.url,
      request: next(),
      next,
      connections: options.connections,
      durationSeconds: 0,
      amount: activations,
    });
    const cpu = await loadPhaseCpu(options, cpuBefore);
    const after = await api.promoCodes.get({ params: { id: series.id } });
    const perSecond = Math.round(load.total / load.seconds);
    return {
      measurements: {
        seriesId: series.id,
        activations: load.total,
        seconds: load.seconds,
        activationsPerSecond: perSecond,
        connections: options.connections,
        plannerUsers: tokens.length,
        latencyMs: load.latencyMs,
        errors: load.errors,
        non2xx: load.non2xx,
        statusCodes: load.statusCodes,
        seriesActivatedAfter: after.activated,
        cpuMsPerActivation: {
          api: cpu.api === undefined ? null : round2(cpu.api / load.total),
          postgres: round2(cpu.postgres / load.total),
          // With --database-url: the server's database's backends only (the other sessions' excluded).
          ...(cpu.database === undefined ? {} : { postgresDatabase: round2(cpu.database / load.total) }),
        },
      },
      met: perSecond >= 2000 && load.non2xx === 0 && load.errors === 0 && after.activated === load.total,
    };
  },
};
