import type { Page } from '@playwright/test';

/**
 * Holds every request to `url` until the returned function is called: what a screen shows while an
 * answer is late. The requests then go to the server as usual.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Fails the first request to `url` as a dropped connection would, and lets the later ones through:
 * a download that does not arrive, then one that does. Returns how many were asked for so far.
 */
export async function failFirstRequest(page: Page, url: string | RegExp): Promise<() => number> {
  let requests = 0;
  await page.route(url, (route) => {
    requests += 1;
    return requests === 1 ? route.abort('internetdisconnected') : route.continue();
  });
  return () => requests;
}
