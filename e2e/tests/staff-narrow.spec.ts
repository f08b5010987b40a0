import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { createGeneratedSeries } from './promo-api';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

/**
 * The `/app` routes as the router declares them: read from its source, so a screen added to the
 * router is checked without anyone remembering to list it here.
 */
const appRoutePaths = (): string[] => {
  const source = readFileSync(new URL('../../apps/web/src/app/router.tsx', import.meta.url), 'utf8');
  const block = source.slice(
    source.indexOf('const appRoutes'),
    source.indexOf('];', source.indexOf('const appRoutes')),
  );
  return [...block.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? '');
};

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('every /app screen fits 390 px without scrolling sideways', async ({ page, login }) => {
  const session = await login();
  const series = await createGeneratedSeries(session.apiToken, { codesCount: 3 });
  const ids: Record<string, number> = { 'users/:id': session.id, 'promo-codes/:id': series.id };

  const paths = appRoutePaths();
  expect(paths.length).toBeGreaterThan(10);
  const urls = paths.map((path) => {
    if (path === '*') return '/app/no-such-screen';
    const filled = path.replace(/:id$/, () => String(ids[path] ?? 1));
    expect(filled, `no id for ${path}`).not.toContain(':');
    return `/app/${filled}`;
  });
  // The series page's other tabs are screens of their own at this size.
  urls.push(`/app/promo-codes/${series.id}?tab=activated`, `/app/promo-codes/${series.id}?tab=theme`);

  const tooWide: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await expect(page.locator('.app-content')).toBeVisible();
    // Lazy screens and their first data: wait until nothing is loading.
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning, .loading-cover')).toHaveCount(0);
    const width = await fitsWidth(page);
    if (width > 390) tooWide.push(`${url}: ${width}px`);
  }
  expect(tooWide, `screens wider than 390 px (signed in as ${ACCOUNTS.admin.email})`).toEqual([]);
});
