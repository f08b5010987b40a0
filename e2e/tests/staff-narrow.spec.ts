import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { appRoutePaths, appRouteUrls } from '../app-routes';
import { apiAs, expect, test } from '../fixtures';
import { activateAsPlanner, createGeneratedSeries, firstCodes } from './promo-api';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('every /app screen fits 390 px without scrolling sideways', async ({ page, login }) => {
  const session = await login();
  // Real names are not always kind to a phone: one long word, long codes, a long e-mail.
  const series = await createGeneratedSeries(session.apiToken, {
    codesCount: 3,
    name: `ВесенняяРаспродажаПодписокДляВсехПользователей${Date.now()}`,
    prefix: 'SPRING2025',
    codeLength: 12,
  });
  const [code = ''] = await firstCodes(session.apiToken, series.id, 1);
  await activateAsPlanner(code);
  const user = await apiAs(session.apiToken).users.create({
    body: { email: `a.very.long.address.${Date.now()}@subdomain.example-company.test`, role: 'user' },
  });
  const ids: Record<string, number> = { 'users/:id': user.id, 'promo-codes/:id': series.id };

  expect(appRoutePaths().length).toBeGreaterThan(10);
  const urls = appRouteUrls(ids, 1);
  // The series page's other tabs are screens of their own at this size.
  urls.push(`/app/promo-codes/${series.id}?tab=activated`, `/app/promo-codes/${series.id}?tab=theme`);

  const tooWide: string[] = [];
  // Russian, and French for the longest labels of the five.
  for (const [locale, url] of ['ru', 'fr'].flatMap((locale) => urls.map((url) => [locale, url] as const))) {
    await page.evaluate((value) => localStorage.setItem('@theme', JSON.stringify({ locale: value })), locale);
    await page.goto(url);
    await expect(page.locator('.app-content')).toBeVisible();
    // Lazy screens and their first data: wait until nothing is loading.
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning, .loading-cover')).toHaveCount(0);
    const width = await fitsWidth(page);
    if (width > 390) tooWide.push(`${locale} ${url}: ${width}px`);
  }
  expect(tooWide, `screens wider than 390 px (signed in as ${ACCOUNTS.admin.email})`).toEqual([]);
});
