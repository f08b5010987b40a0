import { test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS, type Account } from './accounts';

export interface Session {
  apiToken: string;
  refreshToken: string;
  expiresIn: number;
  email: string;
}

/** The localStorage key the SPA keeps its session under (seed §4). */
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
  login: (account?: Account) => Promise<Session>;
}

export const test = base.extend<Fixtures>({
  login: async ({ page }, use) => {
    await use(async (account: Account = ACCOUNTS.admin) => {
      const response = await page.request.post('/api/users/signin', {
        data: { email: account.email, password: account.password },
      });
      expect(response.status(), await response.text()).toBe(200);
      const session = (await response.json()) as Session;
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
