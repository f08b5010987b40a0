#!/usr/bin/env node
/**
 * `npm test`: every check and suite, each reported; ends with the one line CI reads:
 *   tests: N passed, N failed
 * Typecheck, lint and the OpenAPI lint count as one check each; test suites count their tests.
 * PostgreSQL API tests run when TEST_DATABASE_URL is set and say so when they are skipped.
 *
 * Independent stages run side by side (PULT_TEST_JOBS at a time, 2 by default). The suite is bound by
 * CPU on two cores: a third stage at once made it no faster (load 12–17) and made the tests that wait
 * with time limits fail now and then.
 * Each stage's output is held back and printed in one block when it ends, so the log reads like a
 * serial run; a line announces each start so a slow stage is still visible while it runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bothDatabases, pgliteOnly } from '../apps/api/test/database-scope.mjs';

const root = new URL('..', import.meta.url).pathname;

/**
 * What depends on the runtime most: start and signals (`npm start`, the drain, /readyz), and static files
 * with their compression (node:fs streams, node:zlib). The rest is the app's own logic over Fastify.
 */
const NODE24_FILES = [
  'test/platform/shutdown.test.ts',
  'test/platform/static-files.test.ts',
  'test/platform/compression.test.ts',
];
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const jobs = Math.max(1, Number(process.env.PULT_TEST_JOBS) || 2);
const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The browser suite is the longest chain (build, then browser tests) and its tests wait with time
 * limits, so the other stages run at a lower CPU priority: on two cores they take what it leaves.
 */
const canNice = process.platform !== 'win32' && spawnSync('sh', ['-c', 'command -v nice']).status === 0;
const yielding = (command, args) => (canNice ? ['nice', ['-n', '5', command, ...args]] : [command, args]);

/** Runs a command with its output captured (stdout and stderr interleaved as they come). */
function run(command, args, env = {}, { background = false } = {}) {
  if (background) [command, args] = yielding(command, args);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

/** A stage: runs, returns its counts and output. `after` names stages that must have passed first. */
const stage = (name, body, after = []) => ({ name, body, after });

const check = (name, command, args, options = {}) =>
  stage(name, async () => {
    const { ok, output } = await run(command, args, {}, options);
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, output };
  });

/**
 * Vitest's JSON report gives exact counts; a crash before the report counts as one failure.
 * `files`: `only` the files to run, or those to `skip` (API passes; apps/api/vitest.config.ts reads them).
 */
const vitestSuite = (name, projectRoot, env = {}, files = {}, after = []) =>
  stage(
    name,
    async () => {
      const report = join(out, `${name.replace(/\W+/g, '-')}.json`);
      const args = [
        'run',
        '--root',
        projectRoot,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ];
      // Another Node than this one (PULT_TEST_RUNTIME, e.g. node@24) runs vitest through `npx -y`.
      const runtime = env.PULT_TEST_RUNTIME;
      const { ok, output } = await run(
        'npx',
        runtime ? ['-y', runtime, join(root, 'node_modules/vitest/vitest.mjs'), ...args] : ['vitest', ...args],
        // Read by apps/api/vitest.config.ts: vitest's own --exclude does not reach a project's list.
        {
          ...env,
          PULT_TEST_ONLY_FILES: (files.only ?? []).join(','),
          PULT_TEST_SKIP_FILES: (files.skip ?? []).join(','),
        },
        { background: true },
      );
      if (!existsSync(report)) return { passed: 0, failed: 1, output };
      const json = JSON.parse(readFileSync(report, 'utf8'));
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1),
        output,
      };
    },
    after,
  );

async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return { ok: true, output: '' };
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    return {
      ok: false,
      output: "Chromium is missing: install Debian's package as root (apt-get install -y chromium) and run again.\n",
    };
  }
  const installed = await run('sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
  return {
    ok: installed.ok,
    output: `Chromium is missing: installing Debian's chromium package (once)…\n${installed.output}`,
  };
}

const e2eSuite = stage('browser tests (Playwright, Chromium)', async () => {
  const chromium = await ensureChromium();
  if (!chromium.ok) return { passed: 0, failed: 1, output: chromium.output };
  const report = join(out, 'e2e.json');
  const { ok, output } = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (!existsSync(report)) return { passed: 0, failed: 1, output: chromium.output + output };
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  const failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
  return { passed: stats.expected + stats.flaky, failed, output: chromium.output + output };
}, ['SPA build']);

// Listed longest-first within what may start: the browser suite waits for the build, so the build leads.
const stages = [
  check('SPA build', 'npm', ['run', 'build']),
  // With PostgreSQL configured, a file runs on one database unless it tests what differs between the
  // engines (apps/api/test/database-scope.mjs, docs/decisions/0059); without it, every file on PGlite.
  vitestSuite(
    'API tests on PGlite',
    'apps/api',
    { PULT_TEST_DB: 'pglite' },
    process.env.TEST_DATABASE_URL ? { only: [...pgliteOnly, ...bothDatabases] } : {},
  ),
  e2eSuite,
  ...(process.env.TEST_DATABASE_URL
    ? [vitestSuite('API tests on PostgreSQL', 'apps/api', { PULT_TEST_DB: 'postgres' }, { skip: pgliteOnly })]
    : []),
  // CI's Node 24 check (PULT_TEST_NODE24=1, set by .ci/run): the platform files again on the current LTS,
  // fetched from the npm registry. A stage, so it fills a free slot instead of running after everything;
  // after the PGlite pass, whose `npm start` test rebuilds apps/api/dist, which this one's rebuilds too.
  ...(process.env.PULT_TEST_NODE24 === '1'
    ? [
        vitestSuite(
          'API platform tests on Node 24 (PGlite)',
          'apps/api',
          { PULT_TEST_DB: 'pglite', PULT_TEST_RUNTIME: 'node@24' },
          { only: NODE24_FILES },
          ['API tests on PGlite'],
        ),
      ]
    : []),
  check('typecheck', 'npm', ['run', 'typecheck'], { background: true }),
  check('lint', 'npm', ['run', 'lint'], { background: true }),
  check('OpenAPI description (Spectral)', 'node', ['scripts/openapi-lint.mjs'], { background: true }),
  vitestSuite('web unit tests', 'apps/web'),
];
if (!process.env.TEST_DATABASE_URL) {
  console.log(bold('▶ API tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)'));
}

const results = new Map();
const started = Date.now();

/** Starts every stage whose prerequisites passed, at most `jobs` at a time; resolves when all have ended. */
async function runAll() {
  const waiting = [...stages];
  const running = new Set();
  while (waiting.length > 0 || running.size > 0) {
    for (const next of [...waiting]) {
      if (running.size >= jobs) break;
      const failedFirst = next.after.find((name) => results.get(name)?.failed > 0);
      if (failedFirst) {
        // A failed prerequisite: the stage cannot run and counts as one failure.
        waiting.splice(waiting.indexOf(next), 1);
        results.set(next.name, { passed: 0, failed: 1, ms: 0 });
        console.log(bold(`\n▶ ${next.name}: not run (${failedFirst} failed)`));
        continue;
      }
      if (next.after.some((name) => !results.has(name))) continue;
      waiting.splice(waiting.indexOf(next), 1);
      console.log(`▷ ${next.name}: started at ${seconds(Date.now() - started)}`);
      const begin = Date.now();
      const promise = next
        .body()
        .catch((error) => ({ passed: 0, failed: 1, output: `${error?.stack ?? error}\n` }))
        .then((result) => {
          const ms = Date.now() - begin;
          results.set(next.name, { passed: result.passed, failed: result.failed, ms });
          console.log(bold(`\n▶ ${next.name} (${seconds(ms)})`));
          process.stdout.write(result.output.endsWith('\n') || !result.output ? result.output : `${result.output}\n`);
          running.delete(promise);
        });
      running.add(promise);
    }
    if (running.size > 0) await Promise.race(running);
  }
}

await runAll();

console.log(bold(`\nSummary (${seconds(Date.now() - started)}, ${jobs} stages at a time)`));
for (const { name } of stages) {
  const r = results.get(name);
  console.log(`  ${r.failed ? '✗' : '✓'} ${name}: ${r.passed} passed, ${r.failed} failed (${seconds(r.ms)})`);
}
const all = [...results.values()];
const passed = all.reduce((sum, r) => sum + r.passed, 0);
const failed = all.reduce((sum, r) => sum + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
