import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { logMark, waitForResetUrl } from '../server-log';

test.describe('password reset', () => {
  test('forgot password mails a link that sets a new password', async ({ page }) => {
    const account = ACCOUNTS.forgetful;
    const newPassword = 'Brand-new-pass-2025';
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);

    const mark = logMark();
    await page.getByLabel('Электронная почта').fill(account.email);
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'мы отправили на неё ссылку' })).toBeVisible();

    const resetUrl = await waitForResetUrl(account.email, mark);
    expect(resetUrl).toContain('/auth/reset-password?token=');
    await page.goto(resetUrl);
    await page.getByLabel('Новый пароль').fill('short');
    await page.getByLabel('Повторите пароль').fill('short');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByText('Пароль должен быть не короче 8 символов')).toBeVisible();

    await page.getByLabel('Новый пароль').fill(newPassword);
    await page.getByLabel('Повторите пароль').fill(newPassword);
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();

    await page.getByLabel('Электронная почта').fill(account.email);
    await page.getByLabel('Пароль', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);

    // The link is single-use.
    await page.getByRole('button', { name: 'Меню профиля' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto(resetUrl);
    await page.getByLabel('Новый пароль').fill('Another-pass-2025');
    await page.getByLabel('Повторите пароль').fill('Another-pass-2025');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('alert')).toContainText('недействительна или устарела');
  });

  test('a reset page without a token says so', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.getByRole('alert')).toContainText('В ссылке нет кода сброса');
    await page.getByRole('button', { name: 'Запросить новую ссылку' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  });
});
