import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { api, pathOf, TAKE } from '../lib/api';
import { type CapturedStatement, statementRecorder } from '../lib/capture-sql';
import { runLoad } from '../lib/load';
import { summarize } from '../lib/percentiles';
import { readCpuMs } from '../lib/process-cpu';
import type { MeasuredScenario, ScenarioContext } from './scenario';

/** Requests per side and round; rounds alternate HTTP and raw so a neighbour's burst hits both alike. */
const ROUNDS = 5;
const PER_ROUND = 200;
const WARMUP = 100;
/** Seconds of the 10-connection capacity run on users page 1. */
const CAPACITY_SECONDS = 10;

type ListEndpoint = typeof api.users.list | typeof api.subscriptions.list | typeof api.transactions.list;
type Module = 'users' | 'subscriptions' | 'transactions';

interface ListCase {
  name: string;
  module: Module;
  endpoint: ListEndpoint;
  query: Record<string, string | number>;
}

const usersWhere = (where: Record<string, unknown>) => JSON.stringify(where);

const cases = (lastUsersPage: number): ListCase[] => [
  { name: 'users-page-1', module: 'users', endpoint: api.users.list, query: { take: TAKE, page: 1 } },
  { name: 'users-page-1000', module: 'users', endpoint: api.users.list, query: { take: TAKE, page: 1000 } },
  { name: 'users-page-last', module: 'users', endpoint: api.users.list, query: { take: TAKE, page: lastUsersPage } },
  {
    name: 'users-email-filter',
    module: 'users',
    endpoint: api.users.list,
    query: { take: TAKE, page: 1, where: usersWhere({ email: 'ivan' }) },
  },
  {
    name: 'subscriptions-page-1',
    module: 'subscriptions',
    endpoint: api.subscriptions.list,
    query: { take: TAKE, page: 1 },
  },
  {
    name: 'transactions-page-1',
    module: 'transactions',
    endpoint: api.transactions.list,
    query: { take: TAKE, page: 1 },
  },
];

const serviceOf: Record<Module, string> = {
  users: 'usersService',
  subscriptions: 'subscriptionsService',
  transactions: 'transactionsService',
};

/** One GET on a kept-alive connection, the body read to its end; answers the milliseconds. */
function timedGet(agent: Agent, url: URL, token: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: { 'api-token': token } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url.pathname}: HTTP ${res.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The request's statements in order on one connection, as the server would send them. */
async function timedRaw(client: pg.Client, statements: CapturedStatement[]): Promise<number> {
  const started = performance.now();
  for (const statement of statements) await client.query(statement.text, statement.params);
  return performance.now() - started;
}

async function repeat(times: number, once: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push(await once());
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const load = () => loadavg().map(round2);

/**
 * Issue 16, target 3: every list endpoint over HTTP against the very statements it runs, sent raw
 * through `pg` on one connection, in one run. The statements are captured by calling the server's
 * own session lookup and service on a recording Drizzle database (the second call, so caches are
 * as warm as on the running server). Both sides run one request at a time, so the difference is
 * what the API adds per request: HTTP, validation, Drizzle, serialization, extra round trips.
 */
export const listsVsSqlScenario: MeasuredScenario = {
  name: 'lists-vs-sql',
  mode: { kind: 'measured' },
  target: { ratioOfRawPlus1Ms: 1.5, usersPage1PerSecond: 1500 },
  notes:
    'Each list endpoint (users page 1, 1000, last, e-mail filter; subscriptions and transactions page 1) timed one request at a time over HTTP (keep-alive) and as its captured statements sent raw through pg on one connection, alternating in rounds; met when every HTTP p50 ≤ 1.5 × raw p50 + 1 ms and users page 1 serves ≥ 1 500 req/s on 10 connections (autocannon). Needs --database-url (the server’s database).',
  async run(context: ScenarioContext) {
    const { options, token, firstPage } = context;
    if (!options.databaseUrl) throw new Error('lists-vs-sql needs --database-url (or BENCH_DATABASE_URL)');
    const loadBefore = load();
    const recorder = await statementRecorder(options.databaseUrl);
    const raw = new pg.Client({ connectionString: options.databaseUrl });
    await raw.connect();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const results: Record<string, unknown> = {};
    let allMet = true;
    try {
      const lastPage = Math.max(1, Math.ceil(firstPage.count / TAKE));
      for (const listCase of cases(lastPage)) {
        const url = new URL(`${options.url}${pathOf(listCase.endpoint, { query: listCase.query } as never)}`);
        const parsed = listCase.endpoint.query.parse(Object.fromEntries(url.searchParams));
        const service = recorder.modules[listCase.module][serviceOf[listCase.module]];
        const now = new Date();
        const ctx = (db: unknown) => ({
          db,
          clock: { now: () => new Date() },
          actor: null,
          ip: '127.0.0.1',
          audit: async () => {},
        });
        const oneRequest = async (db: unknown) => {
          await recorder.modules.sessions.findPrincipal(db, now, token);
          await (service.list ?? service.listJson)(ctx(db), parsed);
        };
        await recorder.record(oneRequest);
        const statements = await recorder.record(oneRequest);

        await repeat(WARMUP, () => timedGet(agent, url, token));
        await repeat(WARMUP, () => timedRaw(raw, statements));
        const http: number[] = [];
        const sql: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          http.push(...(await repeat(PER_ROUND, () => timedGet(agent, url, token))));
          sql.push(...(await repeat(PER_ROUND, () => timedRaw(raw, statements))));
        }
        const httpMs = summarize(http);
        const rawMs = summarize(sql);
        const limit = round2(1.5 * rawMs.p50 + 1);
        const met = httpMs.p50 <= limit;
        allMet &&= met;
        results[listCase.name] = {
          path: `${url.pathname}${url.search}`,
          statements: statements.length,
          httpMs,
          rawMs,
          ratioP50: round2(httpMs.p50 / rawMs.p50),
          limitP50Ms: limit,
          met,
          sql: statements.map((s) => s.text),
        };
        console.log(
          `  ${listCase.name}: HTTP p50 ${httpMs.p50} ms p99 ${httpMs.p99} ms; raw (${statements.length} statements) p50 ${rawMs.p50} ms p99 ${rawMs.p99} ms; limit ${limit} ms${met ? '' : ' MISSED'}`,
        );
      }
      const cpuBefore = options.serverPid ? await readCpuMs(options.serverPid) : undefined;
      const capacity = await runLoad({
        url: options.url,
        request: {
          method: 'GET',
          path: pathOf(api.users.list, { query: { take: TAKE, page: 1 } }),
          headers: { 'api-token': token },
        },
        connections: 10,
        durationSeconds: CAPACITY_SECONDS,
      });
      const cpuMs =
        options.serverPid && cpuBefore !== undefined ? (await readCpuMs(options.serverPid)) - cpuBefore : undefined;
      const capacityMet = capacity.perSecond >= 1500 && capacity.non2xx === 0 && capacity.errors === 0;
      allMet &&= capacityMet;
      results.usersPage1Capacity = {
        connections: 10,
        seconds: capacity.seconds,
        perSecond: capacity.perSecond,
        latencyMs: capacity.latencyMs,
        non2xx: capacity.non2xx,
        errors: capacity.errors,
        // What each request cost the server's process: comparable across runs whatever the neighbours do.
        ...(cpuMs === undefined ? {} : { serverCpuMsPerRequest: round2(cpuMs / Math.max(1, capacity.total)) }),
        met: capacityMet,
      };
      console.log(
        `  users page 1, 10 connections: ${capacity.perSecond} req/s${cpuMs === undefined ? '' : `, server CPU ${round2(cpuMs / Math.max(1, capacity.total))} ms/req`}`,
      );
    } finally {
      agent.destroy();
      await raw.end();
      await recorder.close();
    }
    return {
      measurements: { loadAverageBefore: loadBefore, loadAverageAfter: load(), ...results },
      met: allMet,
    };
  },
};
