import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { loadEnv } from '../../src/env';
import { secretBox } from '../../src/lib/secret-box';
import { sealPlainTotpSecrets } from '../../src/modules/mfa';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { codeAt, enrol, post } from './totp-helpers';

/** Decision 0044: TOTP secrets are encrypted (AES-256-GCM) with a key that is not in the database. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every row of every table, as text: where a secret would show if it were stored anywhere. */
async function everything(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables)
    parts.push(
      JSON.stringify(
        await queryRows(t.database.db, sql`SELECT row_to_json(x)::text AS row FROM ${sql.identifier(name)} x`),
      ),
    );
  return parts.join('\n');
}

const signInWithCode = async (email: string, code: string) => {
  const challenge = (await post(t, '/api/users/signin', { email, password: PASSWORD })).json();
  return post(t, '/api/users/signin/mfa', { mfaToken: challenge.mfaToken, code });
};

describe('TOTP secrets at rest', () => {
  it('the plain secret appears in no table, revision or audit row; codes from it still sign in', async () => {
    await t.createUser({ email: 'anna@pult.test', role: 'admin' });
    const { apiToken } = await t.signin('anna@pult.test');
    const { secret } = await enrol(t, apiToken);
    const [stored] = await queryRows<{ secret: string }>(t.database.db, sql`SELECT secret FROM totp_factors`);
    expect(stored?.secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    const dump = await everything();
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret.toLowerCase());
    expect((await signInWithCode('anna@pult.test', codeAt(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('the default key is a 0600 file in DATA_DIR; a sealed secret does not open with another key or on another row', () => {
    const file = join(t.app.env.dataDir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const box = secretBox(Buffer.from('k'.repeat(32)));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp_factors:1');
    expect(box.open(sealed, 'totp_factors:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp_factors:2')).toBeNull();
    expect(secretBox(Buffer.from('o'.repeat(32))).open(sealed, 'totp_factors:1')).toBeNull();
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp_factors:1')).not.toBe(sealed);
  });

  it('a secret stored in the clear before is sealed at start and keeps working', async () => {
    const id = await t.createUser({ email: 'boris@pult.test', role: 'editor' });
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = t.clock.now();
    await queryRows(
      t.database.db,
      sql`INSERT INTO totp_factors (user_id, secret, created_at, confirmed_at) VALUES (${id}, ${plain}, ${now}, ${now})`,
    );
    expect(await sealPlainTotpSecrets(t.database.db, t.app.deps.secrets)).toBe(1);
    expect(await sealPlainTotpSecrets(t.database.db, t.app.deps.secrets)).toBe(0);
    expect(await everything()).not.toContain(plain);
    expect((await signInWithCode('boris@pult.test', codeAt(plain, t.clock.now()))).statusCode).toBe(200);
  });

  it('a database restored without its key: TOTP codes fail, a recovery code still signs in', async () => {
    await t.createUser({ email: 'vera@pult.test', role: 'editor' });
    const { apiToken } = await t.signin('vera@pult.test');
    const { secret, recoveryCodes } = await enrol(t, apiToken);
    const other = await buildTestApp({ database: t.database });
    try {
      const challenge = (
        await other.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email: 'vera@pult.test', password: PASSWORD },
        })
      ).json();
      const code = codeAt(secret, t.clock.now());
      const refused = await other.app.inject({
        method: 'POST',
        url: '/api/users/signin/mfa',
        payload: { mfaToken: challenge.mfaToken, code },
      });
      expect(refused.json().code).toBe('MFA_CODE_INVALID');
      const recovered = await other.app.inject({
        method: 'POST',
        url: '/api/users/signin/mfa',
        payload: { mfaToken: challenge.mfaToken, code: recoveryCodes[0] },
      });
      expect(recovered.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });

  it('SECRETS_KEY shorter than 32 characters is refused at start; a configured one is used', () => {
    expect(() => loadEnv({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY/);
    expect(loadEnv({ SECRETS_KEY: 'x'.repeat(32) }).SECRETS_KEY).toBe('x'.repeat(32));
  });
});
