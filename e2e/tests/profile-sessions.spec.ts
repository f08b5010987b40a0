import type { Browser } from '@playwright/test';
import type { Account } from '../accounts';
import { contextDefaults } from '../browser-options';
import { expect, test } from '../fixtures';
import { newEditor } from './new-editor';

/** Issue 31 item 5: «Сеансы» in one's profile lists where one is signed in and ends the others. */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** The person's phone: another browser, signed in through the form, as they would. */
async function signedInPhone(browser: Browser, account: Account) {
  const context = await browser.newContext({ ...contextDefaults, userAgent: IPHONE });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Электронная почта').fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  return { context, page };
}

for (const width of [1280, 390]) {
  test(`ending the phone's session in the profile signs the phone out (${width} px)`, async ({
    browser,
    page,
    login,
  }) => {
    const account = await newEditor('mysessions', 'My-sessions-2024');
    const phone = await signedInPhone(browser, account);
    await page.setViewportSize({ width, height: 844 });
    await login(account);
    await page.goto('/app/profile');

    const card = page.getByTestId('sessions-card');
    await expect(card.getByText('Сеансы', { exact: true })).toBeVisible();
    const items = card.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'Это устройство' })).toHaveCount(1);
    const phoneItem = items.filter({ hasText: 'Safari, iOS' });
    await expect(phoneItem).toContainText('IP-адрес: 127.0.0.1');
    await phoneItem.getByRole('button', { name: 'Завершить сеанс: Safari, iOS' }).click();
    await expect(page.getByText('Сеанс завершён')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Завершить все другие сеансы' })).toBeDisabled();
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The phone's next look at the server finds its session gone, and it is back at the sign-in.
    await phone.page.reload();
    await expect(phone.page).toHaveURL(/\/auth\/login/);
    await expect(phone.page.getByRole('heading', { name: 'Вход в систему' })).toBeVisible();
    // This browser stays signed in.
    await page.reload();
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await phone.context.close();
  });
}
