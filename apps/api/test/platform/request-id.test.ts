import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { queryRows } from '../../src/db/client';
import { auditEvents, jobs, subscriptionPlans, users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { hashPassword } from '../../src/modules/users';
import { FakeClock } from '../helpers/fake-clock';
import { CapturingMailer, PASSWORD } from '../helpers/test-app';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Request ids end to end (docs/decisions/0033): taken from a valid X-Request-Id or made, answered in
 * the header (errors and 404s too), on every log line of the request, on its audit row, and in the
 * comment of its statements on PostgreSQL.
 */
describe('request ids', () => {
  let app: FastifyInstance;
  let log = '';
  let adminToken = '';

  /** The log lines (JSON) written so far. */
  const logLines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'pult-reqid-')), LOG_LEVEL: 'debug' });
    app = await buildApp({
      env,
      database: await openTestDatabase(),
      clock: new FakeClock(),
      services: { mailer: new CapturingMailer() },
      logger: { stream, level: 'debug' },
    });
    // What PostgreSQL shows of the statement running for this request, and a line the request logs.
    app.get('/test/own-statement', async (request) => {
      request.log.info('working on it');
      const [row] = await queryRows<{ query: string }>(
        app.db,
        sql`SELECT query FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
      );
      const inTransaction = await app.db.transaction(async (tx) => {
        const [own] = await queryRows<{ query: string }>(tx, sql`SELECT current_query() AS query`);
        return own?.query;
      });
      return { activity: row?.query, inTransaction };
    });
    await app.ready();
    await app.db.insert(users).values({
      email: 'admin@pult.test',
      role: 'admin',
      status: 'active',
      passwordHash: await hashPassword(PASSWORD),
    });
    const signin = await app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'admin@pult.test', password: PASSWORD },
    });
    adminToken = signin.json().apiToken;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers every request with an id: a UUID made for it, also on errors and 404s', async () => {
    const answers = await Promise.all([
      app.inject({ url: '/api/users/me', headers: { 'api-token': adminToken } }),
      app.inject({ url: '/api/users/me' }),
      app.inject({ url: '/api/users?take=nope', headers: { 'api-token': adminToken } }),
      app.inject({ url: '/api/no-such-route' }),
      app.inject({ url: '/no-such-page' }),
      app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      app.inject({ url: '/api/config' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 400, 404, 404, 400, 200]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("takes a caller's valid X-Request-Id and replaces an invalid one", async () => {
    const sent = async (id: string) =>
      String((await app.inject({ url: '/api/config', headers: { 'x-request-id': id } })).headers['x-request-id']);
    for (const valid of ['abc', 'edge-7f3a.9:2', 'A'.repeat(128), '0af7651916cd43dd8448eb211c80319c'])
      expect(await sent(valid)).toBe(valid);
    for (const invalid of ['A'.repeat(129), 'has space', 'x*/ DROP TABLE users; /*', 'quote"d', 'ünïcode', 'a/b', ''])
      expect(await sent(invalid)).toMatch(UUID);
  });

  it('is on every log line of its request', async () => {
    log = '';
    const id = 'trace-log-lines-1';
    const response = await app.inject({
      url: '/api/users/me',
      headers: { 'api-token': adminToken, 'x-request-id': id },
    });
    expect(response.statusCode).toBe(200);
    const failed = await app.inject({
      url: '/api/users/999999',
      headers: { 'api-token': adminToken, 'x-request-id': 'trace-log-lines-2' },
    });
    expect(failed.statusCode).toBe(404);
    const lines = logLines();
    const mine = lines.filter((line) => line.reqId === id);
    // debug: the request's arrival and its answer (lib/request-log.ts), each with the id.
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // Every line written during these requests belongs to one of them.
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(['trace-log-lines-1', 'trace-log-lines-2']).toContain(line.reqId);
  });

  it("is stored on the request's audit row", async () => {
    const id = 'audit-row-request-1';
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'api-token': adminToken, 'x-request-id': id },
      payload: { email: 'audited@pult.test', role: 'user' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await app.db
      .select({ action: auditEvents.action, requestId: auditEvents.requestId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(created.json().id)))
      .orderBy(desc(auditEvents.id));
    expect(row).toEqual({ action: 'create', requestId: id });
    // A made id is stored the same way: the audit row of a sign-in carries the id its answer named.
    const signin = await app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'admin@pult.test', password: PASSWORD },
    });
    const [last] = await app.db
      .select({ action: auditEvents.action, requestId: auditEvents.requestId })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(last).toEqual({ action: 'signin', requestId: signin.headers['x-request-id'] });
  });

  it('follows the request into the background work it queued: the job row and its log lines carry the id', async () => {
    const [plan] = await app.db
      .insert(subscriptionPlans)
      .values({ title: 'Годовая для id', price: 199000, period: 'year', durationDays: 365 })
      .returning({ id: subscriptionPlans.id });
    log = '';
    const id = 'queued-by-request-9';
    const created = await app.inject({
      method: 'POST',
      url: '/api/promo-codes',
      headers: { 'api-token': adminToken, 'x-request-id': id },
      payload: { name: 'Серия с id', codeLength: 8, codesCount: 20, planId: plan?.id, durationDays: 30 },
    });
    expect(created.statusCode, created.body).toBe(200);
    await app.jobs.idle();
    const [job] = await app.db
      .select({ id: jobs.id, status: jobs.status, requestId: jobs.requestId })
      .from(jobs)
      .where(eq(jobs.subjectId, created.json().id));
    expect(job).toEqual({ id: expect.any(Number), status: 'done', requestId: id });
    // The worker's line about the run names the job and the request that queued it.
    const ran = logLines().filter((line) => line.msg === 'job ran');
    expect(ran).toContainEqual(
      expect.objectContaining({ reqId: id, jobId: job?.id, job: 'promo-generation', outcome: 'done' }),
    );
    // Lines outside any job or request carry neither.
    app.log.info('between requests');
    expect(logLines().at(-1)).not.toHaveProperty('reqId');
    expect(logLines().at(-1)).not.toHaveProperty('jobId');
    // Nothing else takes a request id of another shape.
    await expect(
      app.db
        .update(jobs)
        .set({ requestId: 'x*/ --' })
        .where(eq(jobs.id, job?.id ?? 0)),
    ).rejects.toThrow();
  });

  it('refuses a request id of another shape on the audit table', async () => {
    await expect(
      app.db.insert(auditEvents).values({ action: 'create', entity: 'user', requestId: 'x*/ --' }),
    ).rejects.toThrow();
  });

  it.skipIf(testDbKind !== 'postgres')(
    'names the request in a comment of each statement PostgreSQL runs for it (pg_stat_activity), in transactions too',
    async () => {
      const id = 'slow-query-origin-42';
      const response = await app.inject({ url: '/test/own-statement', headers: { 'x-request-id': id } });
      expect(response.json()).toEqual({
        activity: expect.stringMatching(
          /^\/\* request_id=slow-query-origin-42 \*\/ SELECT query FROM pg_stat_activity/,
        ),
        inTransaction: expect.stringMatching(/^\/\* request_id=slow-query-origin-42 \*\/ SELECT current_query\(\)/),
      });
      // Work outside a request (jobs, the start) carries no comment.
      const [outside] = await queryRows<{ query: string }>(app.db, sql`SELECT current_query() AS query`);
      expect(outside?.query).toBe('SELECT current_query() AS query');
    },
  );
});
