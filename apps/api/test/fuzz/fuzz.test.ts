import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { errorResponse } from '@pult/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { sessionTokens, users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { createSession } from '../../src/modules/sessions';
import { FakeClock } from '../helpers/fake-clock';
import { PASSWORD } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';
import { jsonQueryParams } from './json-query-params';
import { type Caller, type FuzzRequest, type JsonSchema, type Operation, requestFor } from './request-arbitraries';

/**
 * The guard that stays: every operation of the OpenAPI document gets RUNS generated requests
 * (wrong types, missing and extra fields, NUL and surrogates, inside JSON query parameters too, huge
 * numbers, malformed JSON, wrong content types, hostile X-Forwarded-For) as admin, editor, user,
 * anonymous and with a forged token.
 * It fails on any 5xx, on any 4xx outside the error shape, and on a password hash, a token hash or
 * another caller's token in a body or a log line. The seed is fixed per run and printed on failure.
 */
// 30 per operation on each engine; the seed changes every run, so the cases add up over runs. At 200
// on PGlite this one test took 418 s of an 800 s PGlite pass (load 10, beside the browser tests); at
// 100, 240 s of 1,085 s on a slower machine, where `npm test` took 21 minutes, past CI's 20 (FUZZ_RUNS
// overrides both).
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

const ROLES = ['admin', 'editor', 'user'] as const;
const email = (role: string) => `fuzz-${role}@pult.test`;

let app: FastifyInstance;
let database: Database;
const clock = new FakeClock();
const logLines: string[] = [];
let operations: Operation[] = [];
let passwordHash = '';
/** The three accounts by id: a fuzzed request may rename one (a profile edit, a personal-data erasure). */
const accountIds: Partial<Record<(typeof ROLES)[number], number>> = {};

/** Every log line the app writes, kept to be searched for secrets. */
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

interface OpenApiDocument {
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  const jsonQuery = jsonQueryParams();
  // Paths are relative to the server's base (`/api`); the landing page has its own, absolute one.
  const base = document.servers?.[0]?.url.replace(/\/$/, '') ?? '';
  for (const [relative, methods] of Object.entries(document.paths ?? {})) {
    const path = relative.startsWith(base) ? relative : `${base}${relative}`;
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        operationId?: string;
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, unknown>;
      };
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      found.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        jsonQuery: jsonQuery.get(operation.operationId ?? '') ?? {},
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        documented: Object.keys(operation.responses ?? {}).map(Number),
      });
    }
  }
  return found;
}

interface Callers {
  tokens: Record<string, string>;
  /** Every token and token hash alive now: none may appear in an answer to someone else, or in a log. */
  secrets: string[];
}

/** Puts the three accounts back as they were (a fuzzed request may have renamed or blocked one) and signs them in. */
async function freshCallers(): Promise<Callers> {
  clock.advance(24 * 3600 * 1000); // past every rate-limit window the previous operation filled
  const tokens: Record<string, string> = {};
  const secrets: string[] = [];
  for (const role of ROLES) {
    const restored = { email: email(role), role, status: 'active' as const, passwordHash };
    const id = accountIds[role];
    let [row] = id
      ? await database.db.update(users).set(restored).where(eq(users.id, id)).returning({ id: users.id })
      : [];
    // An erased account may be gone altogether: a new one takes its place.
    if (!row) [row] = await database.db.insert(users).values(restored).returning({ id: users.id });
    if (!row) throw new Error(`the ${role} account could not be restored`);
    accountIds[role] = row.id;
    // Sessions straight from the sessions module: signing in over HTTP would spend an argon2 check per role and operation.
    const session = await createSession(database.db, clock.now(), row.id, {});
    tokens[role] = session.apiToken;
    secrets.push(session.apiToken, session.refreshToken);
  }
  const hashes = await database.db.select({ hash: sessionTokens.hash }).from(sessionTokens);
  secrets.push(...hashes.map((row) => row.hash));
  return { tokens, secrets };
}

const tokenFor = (caller: Caller, callers: Callers): string | undefined =>
  caller === 'anonymous' ? undefined : caller === 'forged' ? 'forged-token-0123456789' : callers.tokens[caller];

function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.params[name] ?? '1'),
  );
  const query = new URLSearchParams(
    Object.entries(request.query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return query ? `${path}?${query}` : path;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const env = loadEnv({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pult-fuzz-')),
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://pult.test',
  });
  app = await buildApp({ env, database, clock, logger: { level: 'info', stream: logSink } });
  await app.ready();
  const { hashPassword } = await import('../../src/modules/users');
  passwordHash = await hashPassword(PASSWORD);
  operations = operationsOf(app.swagger() as OpenApiDocument);
}, 180_000);

afterAll(() => app?.close());

describe(`fuzz (seed ${SEED}, ${RUNS} requests per operation)`, () => {
  it('finds operations in the OpenAPI document', () => {
    console.log(`fuzzing ${operations.length} operations × ${RUNS} requests, seed ${SEED}`);
    expect(operations.length).toBeGreaterThan(30);
  });

  it('answers every generated request without a 5xx, in the error shape, and leaks no secret', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const callers = await freshCallers();
      let reachedRoute = false;
      const property = fc.asyncProperty(requestFor(operation), async (request) => {
        const token = tokenFor(request.caller, callers);
        const headers: Record<string, string> = {};
        if (token) headers['api-token'] = token;
        if (request.forwardedFor !== undefined) headers['x-forwarded-for'] = request.forwardedFor;
        const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
        if (hasBody && request.contentType) headers['content-type'] = request.contentType;
        const linesBefore = logLines.length;
        const response = await app.inject({
          method: operation.method as 'GET',
          url: urlOf(operation, request),
          headers,
          ...(hasBody && request.payload !== undefined ? { payload: request.payload } : {}),
        });
        const what = `${operation.method} ${operation.path} as ${request.caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
        // A 5xx is a defect unless the operation documents it (the catalog's 502/503): never a 500.
        if (
          response.statusCode === 500 ||
          (response.statusCode > 500 && !operation.documented.includes(response.statusCode))
        ) {
          const logged = logLines.slice(linesBefore).find((line) => line.includes('"level":50')) ?? '';
          throw new Error(
            `5xx: ${what} payload: ${String(request.payload).slice(0, 300)} log: ${logged.slice(0, 600)}`,
          );
        }
        if (!response.body.includes('"message":"Route ')) reachedRoute = true;
        if (response.statusCode >= 400 && !errorResponse.safeParse(response.json()).success)
          throw new Error(`4xx outside the error shape: ${what}`);
        const others = callers.secrets.filter((secret) => secret !== token);
        const leaked = (text: string) => text.includes('$argon2') || others.some((secret) => text.includes(secret));
        if (leaked(response.body)) throw new Error(`secret in the answer: ${what}`);
        const newLines = logLines.slice(linesBefore).join('');
        if (newLines.includes('$argon2') || callers.secrets.some((secret) => newLines.includes(secret)))
          throw new Error(`secret in the log: ${what}`);
      });
      const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      if (result.failed) failures.push(`${operation.method} ${operation.path}: ${String(result.errorInstance)}`);
      // A fuzzer that only ever meets "route not found" tests nothing.
      else if (!reachedRoute) failures.push(`${operation.method} ${operation.path}: never reached the route`);
    }
    expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    // An upper bound, not a timing assertion: as long as CI's whole budget, so a loaded machine makes
    // the run slow, never red.
  }, 1_200_000);
});
