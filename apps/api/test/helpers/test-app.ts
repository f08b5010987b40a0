import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role, SessionUser, UserStatus } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import type { Mail, Mailer } from '../../src/modules/auth';
import type { PushProvider } from '../../src/modules/push';
import { hashPassword } from '../../src/modules/users';
import type { ServiceDeps } from '../../src/service-deps';
import { FakeClock } from './fake-clock';
import { openTestDatabase } from './test-database';

export const PASSWORD = 'correct horse battery';

/** Stands in for the SMTP server (outside the product); the real mail-building code still runs. */
export class CapturingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  mailer: CapturingMailer;
  /** Inserts an account directly (the users API is itself under test elsewhere). */
  createUser(fields: { email: string; role?: Role; status?: UserStatus; password?: string }): Promise<number>;
  signin(email: string, password?: string): Promise<SessionUser>;
  /**
   * One account per role, `<role>@pult.test` with the test password, signed in: their ids and API tokens,
   * for the tests of who may do what.
   */
  accounts<R extends Role>(roles: readonly R[]): Promise<{ ids: Record<R, number>; tokens: Record<R, string> }>;
  close(): Promise<void>;
}

let passwordHash: Promise<string> | undefined;

export interface TestAppOptions {
  database?: Database;
  extraEnv?: Record<string, string>;
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: FastifyInstance) => void;
  /** Push provider fakes, batch size and crash hook for the dispatcher. */
  push?: { provider?: PushProvider } & ServiceDeps['pushDispatch'];
  /** The job worker's poll; a test of what wakes it sets it beyond the test's length. */
  jobsPollMs?: number;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const clock = new FakeClock();
  const mailer = new CapturingMailer();
  const dataDir = mkdtempSync(join(tmpdir(), 'pult-test-'));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://pult.test', ...options.extraEnv });
  const { provider, ...pushDispatch } = options.push ?? {};
  const services: Partial<ServiceDeps> = { mailer, pushDispatch, ...(provider ? { push: provider } : {}) };
  const app = await buildApp({ env, database, clock, services, logger: false, jobsPollMs: options.jobsPollMs });
  options.extend?.(app);
  await app.ready();

  const createUser: TestApp['createUser'] = async (fields) => {
    passwordHash ??= hashPassword(PASSWORD);
    const hash = fields.password ? await hashPassword(fields.password) : await passwordHash;
    const [row] = await database.db
      .insert(users)
      .values({
        email: fields.email,
        role: fields.role ?? 'user',
        status: fields.status ?? 'active',
        passwordHash: hash,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insert failed');
    return row.id;
  };

  const signin: TestApp['signin'] = async (email, password = PASSWORD) => {
    const response = await app.inject({ method: 'POST', url: '/api/users/signin', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`signin ${email}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const accounts: TestApp['accounts'] = async (roles) => {
    const ids = {} as Record<(typeof roles)[number], number>;
    const tokens = {} as Record<(typeof roles)[number], string>;
    for (const role of roles) {
      ids[role] = await createUser({ email: `${role}@pult.test`, role });
      tokens[role] = (await signin(`${role}@pult.test`)).apiToken;
    }
    return { ids, tokens };
  };

  return {
    app,
    database,
    clock,
    mailer,
    createUser,
    signin,
    accounts,
    // Closing the app closes the database too (db plugin's onClose).
    close: () => app.close(),
  };
}
