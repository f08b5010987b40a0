import { defineConfig } from 'vitest/config';

/**
 * API tests run against a real database: PGlite in memory by default, or a fresh PostgreSQL
 * database per test file when PULT_TEST_DB=postgres (and TEST_DATABASE_URL) is set.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Upper bounds, not timing assertions: the machines are shared and sometimes heavily loaded, and
    // `npm test` runs this suite beside the other stages (the real-server shutdown test spawns a whole server).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores: more workers only fight over them (each PGlite is a whole PostgreSQL in WASM).
    maxWorkers: 2,
  },
});
