import type { BrowserContextOptions, LaunchOptions } from '@playwright/test';
import { BASE_URL } from './accounts';

/** Debian's Chromium; Playwright's own download is not reachable here (no internet but package registries). */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
};

/** What every test's browser context starts with (playwright.config.ts and the shared profile in fixtures.ts). */
export const contextDefaults = {
  baseURL: BASE_URL,
  locale: 'ru-RU',
  viewport: { width: 1366, height: 820 },
  // The app honours the system's reduced-motion setting (WCAG 2.3.3), as a person who asks for it
  // sees it: no transitions to wait for, and none of the CPU they cost on a shared machine.
  reducedMotion: 'reduce',
} as const satisfies BrowserContextOptions;
