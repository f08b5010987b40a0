import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { createFetchClient, type FetchClient, type SessionUser, sessionOf } from '@pult/contract';
import { ACCOUNTS, type Account, BASE_URL } from './accounts';
import { chromiumLaunchOptions, contextDefaults } from './browser-options';

/** The typed API client for set-up calls, signed in as `token`'s owner when one is given. */
export const apiAs = (token?: string): FetchClient => createFetchClient(BASE_URL, token);

/** The localStorage key the SPA keeps its session under (`@user`, as the admin panel always had it). */
export const SESSION_KEY = '@user';

export const readStoredSession = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { apiToken: string; refreshToken: string; apiTokenExpiresAt: number }) : null;
  }, SESSION_KEY);

let sessionsStored = 0;

/**
 * Hands a session to the SPA the way it keeps one, stored by the page's next navigation before the
 * SPA's own scripts run, so it costs no page load of its own. Once per call: a later reload must not
 * bring back a session the test signed out of (sessionStorage survives reloads, and remembers which
 * sessions were stored).
 */
export async function storeSessionOnNextLoad(page: Page, session: SessionUser): Promise<void> {
  sessionsStored += 1;
  await page.addInitScript(
    ({ key, value, id }) => {
      if (window.location.origin === 'null') return; // about:blank and data: pages have no storage
      const done = JSON.parse(sessionStorage.getItem('e2e-sessions') ?? '[]') as string[];
      if (done.includes(id)) return;
      localStorage.setItem(key, JSON.stringify({ ...value, apiTokenExpiresAt: Date.now() + value.expiresIn * 1000 }));
      sessionStorage.setItem('e2e-sessions', JSON.stringify([...done, id]));
    },
    { key: SESSION_KEY, value: session, id: `${Date.now()}-${sessionsStored}` },
  );
}

/**
 * Theme settings (the SPA's `@theme`: colours, direction, language…) merged into what is stored before
 * the SPA's scripts run, on every page the test opens.
 */
export const storeThemeOnEveryLoad = (page: Page, settings: Record<string, unknown>) =>
  page.addInitScript((value) => {
    if (window.location.origin === 'null') return;
    const stored = JSON.parse(localStorage.getItem('@theme') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('@theme', JSON.stringify({ ...stored, ...value }));
  }, settings);

interface Fixtures {
  /**
   * Signs in through the API and hands the session to the SPA (`storeSessionOnNextLoad`), without
   * clicking through the form; tests of the form itself use the form. The session is stored when the
   * test next opens a page (`page.goto`).
   */
  login: (account?: Account) => Promise<SessionUser>;
}

interface WorkerFixtures {
  profile: BrowserContext;
}

/** Everything a test may leave in the browser for the origin: none of it may reach the next test. */
const SITE_DATA = 'cookies,local_storage,indexeddb,service_workers,cache_storage,file_systems,shared_storage';

/**
 * One Chromium profile per worker, on disk, instead of a fresh context per test.
 *
 * A fresh context starts with an empty cache, so every test's first page compiled the SPA's scripts
 * again: 5.0 CPU s for `/app/users` against 3.5 s once V8's code cache (kept with the disk cache) has
 * the scripts. What a test leaves behind does not carry over: before each test the origin's cookies
 * and storage are cleared (session storage belongs to the tab, and every test gets a new tab), and
 * after it its tabs, permissions and routes go. The HTTP cache stays, as it would for a person: the
 * API answers `no-store`, and the SPA's files are named by their content.
 * A test that needs another kind of browser (no JavaScript, a second person, a clock of its own) makes its
 * own context.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  profile: [
    async ({ playwright }, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'pult-e2e-profile-'));
      const profile = await playwright.chromium.launchPersistentContext(dir, {
        ...chromiumLaunchOptions,
        ...contextDefaults,
      });
      // A clock moved in this profile cannot be taken back, and would reach every later test of the worker
      // (a push scheduled "ten minutes ahead" came out an hour ahead after the idle warning's test).
      for (const method of ['install', 'setFixedTime', 'setSystemTime'] as const)
        profile.clock[method] = () => {
          throw new Error('a test that moves the clock makes its own context (browser.newContext)');
        };
      await use(profile);
      await profile.close();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  context: async ({ profile, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false)
      throw new Error('a test without JavaScript makes its own context (browser.newContext)');
    const blank = profile.pages()[0] ?? (await profile.newPage());
    const cdp = await profile.newCDPSession(blank);
    await cdp.send('Storage.clearDataForOrigin', { origin: BASE_URL, storageTypes: SITE_DATA });
    await cdp.detach();
    await use(profile);
    for (const page of profile.pages()) if (page !== blank) await page.close();
    await profile.clearPermissions();
    await profile.unrouteAll({ behavior: 'ignoreErrors' });
  },
  page: async ({ context, viewport }, use) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
  },
  login: async ({ page }, use) => {
    await use(async (account: Account = ACCOUNTS.admin) => {
      const session = sessionOf(
        await apiAs().auth.signin({ body: { email: account.email, password: account.password } }),
      );
      await storeSessionOnNextLoad(page, session);
      return session;
    });
  },
});

export { expect };
