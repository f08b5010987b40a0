import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/test-database';

const run = promisify(execFile);
const cli = new URL('../../src/cli/create-user.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'pult-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The CLI as a person runs it, on the embedded database of a fresh data folder. */
const createUser = async (...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

// The CLI opens its own embedded database whatever the pass: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('create-user CLI', () => {
  it('refuses a file with one bad account before opening the database: nothing is created', async () => {
    const file = join(dataDir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([
        { email: 'ok@pult.test', password: 'long enough password', role: 'editor' },
        { email: 'second@pult.test', role: 'owner' },
      ]),
    );
    const result = await createUser('--accounts', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing changed');
    expect(result.stderr).toMatch(/\[1\]\.role/);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  // Creating accounts from a file is what the browser tests' set-up does before every run
  // (e2e/global-setup.ts): each of their sign-ins depends on it.
});
