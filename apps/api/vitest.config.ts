import { defineConfig } from 'vitest/config';

/**
 * API tests run against a real database: PGlite in memory by default, or a fresh PostgreSQL
 * database per test file when PULT_TEST_DB=postgres (and TEST_DATABASE_URL) is set.
 *
 * Test files share each worker's module cache (`isolate: false`): importing the whole app again for
 * every file cost about ten seconds of CPU per file, a third of the suite. Every file builds its own
 * app on its own database, and module-level state in `src` is keyed by database (prepared statements,
 * count estimates), so nothing leaks between files. The route guard test wraps the `fastify` factory
 * with `vi.mock`, which needs a fresh module cache: it runs in its own, isolated project.
 */
const isolatedFiles = ['test/platform/guard.test.ts'];
/**
 * `npm test` chooses the files of each database's pass (test/database-scope.mjs, scripts/test.mjs):
 * the PGlite pass names the files it runs, the PostgreSQL pass the files it leaves to PGlite.
 */
const listed = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean);
const only = listed('PULT_TEST_ONLY_FILES');
const skipped = listed('PULT_TEST_SKIP_FILES');
const within = (files: string[]) => (only.length > 0 ? files.filter((file) => only.includes(file)) : files);

const shared = {
  environment: 'node',
  // Upper bounds, not timing assertions: the machines are shared and sometimes heavily loaded, and
  // `npm test` runs this suite beside the other stages (the real-server shutdown test spawns a whole server).
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Two cores: more workers only fight over them (each PGlite is a whole PostgreSQL in WASM).
  maxWorkers: 2,
  // One migrated empty database per run; every test database starts as a copy of it.
  globalSetup: 'test/helpers/database-template.ts',
} as const;

export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: only.length > 0 ? only.filter((file) => !isolatedFiles.includes(file)) : ['test/**/*.test.ts'],
          exclude: [...isolatedFiles, ...skipped],
          isolate: false,
        },
      },
      { test: { ...shared, name: 'api-isolated', include: within(isolatedFiles), exclude: skipped } },
    ],
  },
});
