import { createFetchClient, type FetchClient, sessionOf } from '@pult/contract';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import type { Page } from 'puppeteer-core';

/** The SPA keeps its session in localStorage under this key (apps/web/src/config/app-config.ts). */
const SESSION_KEY = '@user';

/**
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), headless, with the background traffic
 * this machine's closed network refuses switched off. Connect puppeteer to `port`; `kill()` it after.
 */
export const launchChromium = (): Promise<LaunchedChrome> =>
  launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });

type SignedIn = Awaited<ReturnType<FetchClient['auth']['signin']>>;

/** What the SPA keeps under `@user` (apps/web/src/lib/session-store.ts): the token's deadline on the browser's clock. */
export type StoredSession = Omit<SignedIn, 'apiTokenExpiresAt'> & { apiTokenExpiresAt: number };

/** Signs in through the API and returns the session as the SPA stores it (lib/api.ts `signIn` answers the token alone). */
export async function signInForSpa(url: string, email: string, password: string): Promise<StoredSession> {
  const { apiTokenExpiresAt: _serverDeadline, ...session } = sessionOf(
    await createFetchClient(url).auth.signin({ body: { email, password } }),
  );
  return { ...session, apiTokenExpiresAt: Date.now() + session.expiresIn * 1000 };
}

/** Puts a session where the SPA looks for it, from a page of the origin that needs none. */
export async function storeSession(page: Page, url: string, session: StoredSession): Promise<void> {
  await page.goto(`${url}/auth/error-1`);
  await page.evaluate(
    (key, value) => {
      // Runs in the page; the bench has no DOM types.
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } };
      localStorage.setItem(key, JSON.stringify(value));
    },
    SESSION_KEY,
    session,
  );
}
