import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { appRoutePaths, appRouteUrls } from '../app-routes';
import { navigateInApp } from '../client-navigation';
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
  const checkWidth = async (locale: string, url: string) => {
    await navigateInApp(page, url);
    await expect(page.locator('.app-content')).toBeVisible();
    // Lazy screens and their first data: wait until nothing is loading.
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning, .loading-cover, .screen-loader')).toHaveCount(0);
    const width = await fitsWidth(page);
    if (width > 390) tooWide.push(`${locale} ${url}: ${width}px`);
  };
  // Russian, and French for the longest labels of the five; one page load per language.
  for (const locale of ['ru', 'fr']) {
    await page.goto('/app/home');
    await page.evaluate((value) => localStorage.setItem('@theme', JSON.stringify({ locale: value })), locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'ru' ? 'ru-RU' : 'fr-FR');
    // The page really is a phone's width (the fixture's shared profile sizes each new tab).
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    for (const url of urls) await checkWidth(locale, url);
  }
  expect(tooWide, `screens wider than 390 px (signed in as ${ACCOUNTS.admin.email})`).toEqual([]);
});
