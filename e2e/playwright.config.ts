import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, contextDefaults } from './browser-options';

const outputRoot = process.env.E2E_OUTPUT_DIR
  ? `${process.env.E2E_OUTPUT_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../.test-output/', import.meta.url));

export default defineConfig({
  testDir: './tests',
  outputDir: `${outputRoot}e2e-artifacts`,
  globalSetup: './global-setup.ts',
  // One server, one database shared by two workers: each spec file runs in order on one worker and
  // creates the rows it checks (unique names, its own accounts' data), so no spec assumes an empty database.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Upper bounds for loaded, shared machines; tests wait for conditions, never for time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: `${outputRoot}e2e.json` }]],
  use: {
    ...contextDefaults,
    browserName: 'chromium',
    // Recording a trace snapshots the DOM at every action: about a fifth of the suite's CPU. Off unless
    // asked for (E2E_TRACE=1) when a failure needs one; CI's log carries the error and a screenshot path.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
