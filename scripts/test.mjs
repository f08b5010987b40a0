#!/usr/bin/env node
/**
 * `npm test`: every check and suite, in order, each reported; ends with the one line CI reads:
 *   tests: N passed, N failed
 * Typecheck and lint count as one check each; test suites count their tests.
 * PostgreSQL API tests run when TEST_DATABASE_URL is set and say so when they are skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];
const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(name, command, args) {
  console.log(bold(`\n▶ ${name}`));
  const ok = run(command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

/** Vitest's JSON report gives exact counts; a crash before the report counts as one failure. */
function vitestSuite(name, projectRoot, env = {}) {
  console.log(bold(`\n▶ ${name}`));
  const report = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    'npx',
    ['vitest', 'run', '--root', projectRoot, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (!existsSync(report)) return results.push({ name, passed: 0, failed: 1 });
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
  results.push({ name, passed: json.numPassedTests, failed });
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    console.error("Chromium is missing: install Debian's package as root (apt-get install -y chromium) and run again.");
    return false;
  }
  console.log("Chromium is missing: installing Debian's chromium package with apt-get (once)…");
  return run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

function e2eSuite() {
  const name = 'browser tests (Playwright, Chromium)';
  console.log(bold(`\n▶ ${name}`));
  if (!ensureChromium()) return results.push({ name, passed: 0, failed: 1 });
  if (!run('npm', ['run', 'build'])) return results.push({ name: 'SPA build', passed: 0, failed: 1 });
  const report = join(out, 'e2e.json');
  const ok = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (!existsSync(report)) return results.push({ name, passed: 0, failed: 1 });
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  const failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
  results.push({ name, passed: stats.expected + stats.flaky, failed });
}

check('typecheck', 'npm', ['run', 'typecheck']);
check('lint', 'npm', ['run', 'lint']);
vitestSuite('web unit tests', 'apps/web');
vitestSuite('API tests on PGlite', 'apps/api', { PULT_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitestSuite('API tests on PostgreSQL', 'apps/api', { PULT_TEST_DB: 'postgres' });
} else {
  console.log(bold('\n▶ API tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)'));
}
e2eSuite();

console.log(bold('\nSummary'));
for (const r of results) console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
