import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureFirstAdmin } from '../../src/bootstrap/first-admin';
import { users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { verifyPassword } from '../../src/modules/users';
import { buildTestApp } from '../helpers/test-app';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the first admin', () => {
  it('is created from ADMIN_EMAIL/ADMIN_PASSWORD, once', async () => {
    const t = await buildTestApp();
    const env = loadEnv({ ADMIN_EMAIL: 'Boss@Pult.test', ADMIN_PASSWORD: 'long enough password' });
    await ensureFirstAdmin(t.database.db, env, t.app.log);
    await ensureFirstAdmin(t.database.db, env, t.app.log);
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]?.email).toBe('boss@pult.test');
    await t.signin('boss@pult.test', 'long enough password');
    await t.close();
  });

  it('gets a random password printed once when none is configured', async () => {
    const t = await buildTestApp();
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    await ensureFirstAdmin(t.database.db, loadEnv({}), t.app.log);
    vi.restoreAllMocks();
    const password = printed.join('').match(/Password \(shown once[^:]*\): (\S+)/)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [admin] = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admin?.email).toBe('admin@pult.local');
    expect(admin?.passwordHash).not.toContain(password);
    expect(await verifyPassword(admin?.passwordHash, password ?? '')).toBe(true);
    await t.close();
  });
});

describe('configuration', () => {
  it('has the documented defaults and refuses nonsense with a clear message', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', STORAGE_DRIVER: 'local', PUSH_PROVIDER: 'log' });
    expect(env.publicUrl).toBe('http://127.0.0.1:3000');
    expect(env.dataDir).toMatch(/\/data$/);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});
