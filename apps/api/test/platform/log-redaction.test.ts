import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { hashPassword } from '../../src/modules/users';
import { FakeClock } from '../helpers/fake-clock';
import { CapturingMailer, PASSWORD } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/** What a password hash looks like in the users table; it must never reach the log. */
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE0123456789abcdef';

let app: FastifyInstance;
let log = '';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  // A built SPA, so client routes (/auth/reset-password) are served as they are in production.
  const webDist = mkdtempSync(join(tmpdir(), 'pult-log-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Pult</title>');
  // debug: the level at which each request is logged (lib/request-log.ts).
  const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'pult-log-')), LOG_LEVEL: 'debug', WEB_DIST: webDist });
  app = await buildApp({
    env,
    database: await openTestDatabase(),
    clock: new FakeClock(),
    services: { mailer: new CapturingMailer() },
    logger: { stream, level: 'debug' },
  });
  // Two queries that fail while carrying a password hash as a parameter.
  app.post('/test/duplicate-user', async () => {
    const row = {
      email: 'twice@pult.test',
      role: 'user' as const,
      status: 'active' as const,
      passwordHash: SECRET_HASH,
    };
    await app.db.insert(users).values(row);
    await app.db.insert(users).values(row);
    return { ok: true };
  });
  app.post('/test/null-role', async () => {
    await app.db.execute(
      sql`insert into users (email, password_hash, role, status) values ('row@pult.test', ${SECRET_HASH}, null, 'active')`,
    );
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the log of a failed query', () => {
  it.each(['/test/duplicate-user', '/test/null-role'])(
    '%s: keeps the SQL, the code and the message, never a parameter value',
    async (url) => {
      log = '';
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('argon2');
      const lines = log.split('\n').filter((line) => line.includes('request failed'));
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0] ?? '{}');
      expect(entry.err.message).toMatch(/^Failed query: insert into .?users/);
      expect(entry.err.query).toContain('$');
      expect(entry.err.cause.code).toMatch(/^23/);
      expect(log).not.toContain('SECRETHASHVALUE');
      expect(log).not.toContain('argon2id');
      expect(log).not.toContain('params');
    },
  );
});

describe('the log of a request', () => {
  /** The URL each request's "incoming request" line carries. */
  const loggedUrls = () =>
    log
      .split('\n')
      .filter((line) => line.includes('"incoming request"'))
      .map((line) => JSON.parse(line).req.url as string);

  it('keeps the route pattern or the path and the query names, never a query value or a path parameter', async () => {
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
    const token = signin.json().apiToken as string;
    log = '';
    const where = encodeURIComponent(JSON.stringify({ email: 'ivan.petrov@example.ru' }));
    const requests: [method: 'GET' | 'DELETE', url: string, status: number, logged: string][] = [
      // A client route of the SPA: the reset link's token.
      ['GET', '/auth/reset-password?token=RESET-TOKEN-0123456789', 200, '/auth/reset-password?token=…'],
      // An API filter naming a person.
      ['GET', `/api/users?where=${where}&take=5`, 200, '/api/users?where=…&take=…'],
      // A push token in the path.
      ['DELETE', '/api/client/devices/PUSH-TOKEN-0123456789', 403, '/api/client/devices/:token'],
      // Unknown API and asset paths, with values in their queries.
      ['GET', '/api/no-such-thing?phone=%2B79161234567', 404, '/api/no-such-thing?phone=…'],
      ['GET', '/assets/missing.js?v=SECRET-VALUE-42', 404, '/assets/missing.js?v=…'],
    ];
    for (const [method, url, status] of requests) {
      const response = await app.inject({ method, url, headers: { 'api-token': token } });
      expect(response.statusCode, url).toBe(status);
    }
    expect(loggedUrls()).toEqual(requests.map(([, , , logged]) => logged));
    for (const secret of ['RESET-TOKEN', 'ivan.petrov', 'example.ru', 'PUSH-TOKEN', '79161234567', 'SECRET-VALUE'])
      expect(log).not.toContain(secret);
    expect(log).not.toContain(token);
  });
});
