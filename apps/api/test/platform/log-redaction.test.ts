import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { FakeClock } from '../helpers/fake-clock';
import { CapturingMailer } from '../helpers/test-app';
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
  const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'pult-log-')), LOG_LEVEL: 'info' });
  app = await buildApp({
    env,
    database: await openTestDatabase(),
    clock: new FakeClock(),
    mailer: new CapturingMailer(),
    logger: { stream, level: 'info' },
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
