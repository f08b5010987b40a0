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

interface Fixtures {
  /**
   * Signs in through the API and hands the session to the SPA the way it stores one, without
   * clicking through the form; tests of the form itself use the form.
   */
  login: (account?: Account) => Promise<SessionUser>;
}

export const test = base.extend<Fixtures>({
  login: async ({ page }, use) => {
    await use(async (account: Account = ACCOUNTS.admin) => {
      const session = await apiAs().auth.signin({ body: { email: account.email, password: account.password } });
      // Any page of the origin gives access to its localStorage; the 404 page is the lightest.
      await page.goto('/auth/error-1');
      await page.evaluate(
        ([key, value]) => {
          const stored = { ...value, apiTokenExpiresAt: Date.now() + value.expiresIn * 1000 };
          localStorage.setItem(key, JSON.stringify(stored));
        },
        [SESSION_KEY, session] as const,
      );
      return session;
    });
  },
});

export { expect };
