#!/usr/bin/env node
/**
 * Lints the OpenAPI document the API generates with Spectral's `spectral:oas` rules (.spectral.yaml),
 * so tools that read it (client generators, gateways, docs sites) accept it. Any warning fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'pult-spectral-'));
const document = join(dir, 'openapi.json');
const runHere = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status;

try {
  let status = runHere(process.execPath, ['--import', 'tsx', 'scripts/openapi-document.ts', document]);
  if (status === 0) {
    status = runHere('npx', ['spectral', 'lint', document, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn']);
  }
  process.exitCode = status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
