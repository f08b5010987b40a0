import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockPgliteFolder } from '../../src/db/pglite-lock';

describe('PGlite folder lock', () => {
  it('refuses a second opener with a clear message, and frees the folder on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pult-lock-'));
    const release = lockPgliteFolder(dir);
    expect(() => lockPgliteFolder(dir)).toThrow(/in use by process \d+.*DATABASE_URL/);
    release();
    lockPgliteFolder(dir)();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pult-lock-'));
    writeFileSync(join(dir, 'pult.lock'), '2147483646');
    lockPgliteFolder(dir)();
  });
});
