import { expect, type Page } from '@playwright/test';

/**
 * A client-side navigation, as a link click would make it: the router follows `popstate`, so the
 * app is not loaded again between screens. Sweeps over every screen use it: a full page load per
 * screen would cost them about three times the time. It returns once the app has drawn the new
 * address (or its loading state), never while the previous screen is still shown.
 */
export const navigateInApp = async (page: Page, url: string) => {
  await page.evaluate((target) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: `sweep${index + 1}`, idx: index + 1 }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
  await expect.poll(() => page.evaluate(() => window.location.pathname + window.location.search)).toBe(url);
  // The router renders the new location as a transition: the address changes first, the screen a
  // moment later. The app marks the document once the screen of this address is committed.
  await expect(page.locator('html')).toHaveAttribute('data-location', url);
};
