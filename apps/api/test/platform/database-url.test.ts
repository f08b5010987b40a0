import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverPath = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/** Starts the real server with the given environment and collects what it prints until it exits. */
function runServer(extraEnv: Record<string, string>) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pult-dburl-')),
    PORT: '0',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', serverPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('a DATABASE_URL that does not work', () => {
  it.each([
    ['nothing listens on the port', 'postgres://postgres:secret@127.0.0.1:1/pult', /nothing accepts connections/],
    ['not a URL at all', 'not a url', /DATABASE_URL/],
  ])('%s: one clear line on stderr, no stack, exit 1', async (_name, url, reason) => {
    const { code, stderr } = await runServer({ DATABASE_URL: url });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines.length, stderr).toBeLessThanOrEqual(2);
    expect(stderr).toMatch(reason);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toContain('secret');
  });

  it.runIf(process.env.PULT_TEST_DB === 'postgres')('no such database: says so and how to fix it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = '/pult_no_such_database';
    const { code, stderr } = await runServer({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/database does not exist.*Fix: check DATABASE_URL/);
  });
});
