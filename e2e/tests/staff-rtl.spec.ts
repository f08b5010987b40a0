import { ACCOUNTS } from '../accounts';
import { expect, storeThemeOnEveryLoad, test } from '../fixtures';
import { createGeneratedSeries, firstCodes } from './promo-api';

test.describe.configure({ timeout: 90_000 });

/** The computed direction of every element whose own text is exactly `text`. */
const directionsOf = (page: import('@playwright/test').Page, text: string) =>
  page.getByText(text, { exact: true }).evaluateAll((elements) => elements.map((el) => getComputedStyle(el).direction));

// On an RTL page «+79991234567» must not turn into «79991234567+»: phones, e-mails and codes stay LTR.
test('phone numbers, e-mails and codes read left to right on RTL pages', async ({ page, login }) => {
  const session = await login();
  await storeThemeOnEveryLoad(page, { direction: 'rtl' });
  const admin = ACCOUNTS.admin;

  await page.goto(`/app/users?q=${encodeURIComponent(admin.email)}&in=email`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.locator('.users-table tr.ant-table-row').filter({ hasText: admin.email });
  await expect(row).toHaveCount(1);
  // The header's profile button and the table row both show the phone and the e-mail.
  await expect(row.getByText(admin.phone, { exact: true })).toBeVisible();
  await expect(page.locator('.profile-trigger').getByText(admin.phone, { exact: true })).toBeVisible();
  for (const text of [admin.phone, admin.email]) {
    const directions = await directionsOf(page, text);
    expect(directions.length, text).toBeGreaterThanOrEqual(2);
    expect([...new Set(directions)], text).toEqual(['ltr']);
  }

  const series = await createGeneratedSeries(session.apiToken, { codesCount: 2 });
  const [code = ''] = await firstCodes(session.apiToken, series.id, 1);
  await page.goto(`/app/promo-codes/${series.id}`);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  expect([...new Set(await directionsOf(page, code))]).toEqual(['ltr']);
});
