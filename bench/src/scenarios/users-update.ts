import { loadavg } from 'node:os';
import { etagOf } from '@pult/contract';
import { api, pathOf } from '../lib/api';
import type { LoadRequest } from '../lib/load';
import { runOpenLoad } from '../lib/open-load';
import { measureRevisionCost } from '../lib/revision-cost';
import type { MeasuredScenario } from './scenario';

/**
 * The planner users this scenario renames: ids from here on, each at most once per run, so no two
 * requests meet on one row or one version. Pick a range nobody else's bench writes to.
 */
const FIRST_ID = 900_000;
const RANGE = 5_000;
const WARMUP_SECONDS = 3;

const round2 = (n: number) => Math.round(n * 100) / 100;
const load = () => loadavg().map(round2);

/** Each user's version as `GET /api/users/:id` answers it (its ETag), planner users only. */
async function plannerVersions(
  client: Parameters<MeasuredScenario['run']>[0]['api'],
  needed: number,
): Promise<{ id: number; version: number }[]> {
  const found: { id: number; version: number }[] = [];
  for (let id = FIRST_ID; id < FIRST_ID + RANGE && found.length < needed; id += 1) {
    const user = await client.users.get({ params: { id } }).catch(() => undefined);
    if (user?.role === 'user' && user.status === 'active') found.push({ id, version: user.version });
  }
  if (found.length < needed) throw new Error(`only ${found.length} planner users in ids ${FIRST_ID}…`);
  return found;
}

/**
 * Issue 32: "revisions add at most 20 % to a write's latency". `POST /api/users/:id` (the user form's
 * save, with If-Match) renaming a different planner user each time, at `--rate` for `--duration`
 * (after WARMUP_SECONDS on other users). The server has no switch to leave revisions out, so the
 * same run then times, with --database-url, the write's statements through the API's own repository
 * functions over the whole id range, every other transaction without the revision's three statements
 * (lib/revision-cost.ts): the revision's share of the SQL, and of the HTTP p50.
 */
export const usersUpdateScenario: MeasuredScenario = {
  name: 'users-update',
  mode: { kind: 'measured' },
  target: { revisionShareOfWrite: 0.2 },
  notes:
    `POST /api/users/:id {firstName} with If-Match, a different planner user (ids ${FIRST_ID}+) each request, ` +
    'open load at --rate for --duration after 3 s of warm-up; then, with --database-url, the same write as SQL in ' +
    `timed transactions over ids ${FIRST_ID}-${FIRST_ID + RANGE - 1}, alternately with and without the revision ` +
    "(the API's own repository functions): met when the revision adds ≤ 20 % to the write.",
  async run({ options, api: client, token }) {
    if (!options.databaseUrl) throw new Error('users-update needs --database-url (or BENCH_DATABASE_URL)');
    const loadBefore = load();
    const warmup = Math.round(options.rate * WARMUP_SECONDS);
    const measured = Math.round(options.rate * options.durationSeconds);
    const targets = await plannerVersions(client, warmup + measured);
    const stamp = Date.now().toString(36);
    const requestOf =
      (offset: number) =>
      (index: number): LoadRequest => {
        const target = targets[offset + index];
        if (!target) throw new Error('more requests than users');
        return {
          method: 'POST',
          path: pathOf(api.users.update, { params: { id: target.id } }),
          headers: {
            'api-token': token,
            'content-type': 'application/json',
            'if-match': etagOf(target.version),
          },
          body: JSON.stringify({ firstName: `Бенч ${stamp} ${index}` }),
        };
      };
    const first = requestOf(0)(0);
    const base = { url: options.url, request: first, rate: options.rate };
    await runOpenLoad({ ...base, durationSeconds: WARMUP_SECONDS, next: requestOf(0) });
    const http = await runOpenLoad({ ...base, durationSeconds: options.durationSeconds, next: requestOf(warmup) });
    const loadAfterHttp = load();
    const sql = await measureRevisionCost(options.databaseUrl, options.email, FIRST_ID, RANGE);
    // What the HTTP write would take without the revision: its p50 less what the revision added to the
    // transaction's p50 (its statements, and the commit's extra WAL and notification).
    const added = sql.transactionMs.withRevision.p50 - sql.transactionMs.withoutRevision.p50;
    const httpShare = round2(added / Math.max(0.01, http.latencyMs.p50 - added));
    const measurements = {
      http: {
        targetRate: options.rate,
        requests: http.total,
        perSecond: http.perSecond,
        latencyMs: http.latencyMs,
        statusCodes: http.statusCodes,
        errors: http.errors,
        non2xx: http.non2xx,
        maxInFlight: http.maxInFlight,
      },
      sql,
      revisionShare: {
        ofTransaction: sql.revisionShareOfTransaction,
        ofUpdateStatement: sql.revisionShareOfUpdate,
        addedToTransactionP50Ms: round2(added),
        ofHttpP50: httpShare,
      },
      loadAverage: { before: loadBefore, afterHttp: loadAfterHttp, after: load() },
    };
    const met = http.non2xx === 0 && http.errors === 0 && httpShare <= 0.2;
    return { measurements, met };
  },
};
