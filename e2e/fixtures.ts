import { test as base, expect, type Page } from '@playwright/test';
import { createFetchClient, type FetchClient, type SessionUser } from '@pult/contract';
import { ACCOUNTS, type Account, BASE_URL } from './accounts';

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

export const test = base.extend<Fixtures>({
  login: async ({ page }, use) => {
    await use(async (account: Account = ACCOUNTS.admin) => {
      const session = await apiAs().auth.signin({ body: { email: account.email, password: account.password } });
      await storeSessionOnNextLoad(page, session);
      return session;
    });
  },
});

export { expect };
