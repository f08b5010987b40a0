import { apiAs, expect, test } from '../fixtures';
import { newEditor } from './new-editor';

/**
 * Issue 31: after signing in, a staff member is told under the header of the refused sign-ins on their
 * account since the previous one (how many, when the last was, from which address), until dismissed.
 */
for (const width of [1280, 390]) {
  test(`two refused sign-ins, then the notice after signing in, dismissed for good (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const account = await newEditor('refused', 'Refused-signins-2024');
    for (const guess of ['wrong-1', 'wrong-2'])
      await expect(apiAs().auth.signin({ body: { email: account.email, password: guess } })).rejects.toThrow(/401/);

    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Электронная почта' }).fill(account.email);
    await page.getByLabel('Пароль', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Войти' }).click();

    const notice = page.getByTestId('failed-sign-ins');
    await expect(notice).toContainText('было 2 неудачные попытки войти в вашу учётную запись');
    await expect(notice).toContainText('с адреса 127.0.0.1');
    await expect(notice.getByRole('link', { name: 'Проверить сеансы' })).toHaveAttribute('href', '/app/profile');
    await notice.getByRole('button', { name: 'Понятно' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible();
    await expect(notice).toBeHidden();
  });
}

test('no refused sign-ins, no notice', async ({ page }) => {
  const account = await newEditor('clean', 'Clean-signins-2024');
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Электронная почта' }).fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible();
  await expect(page.getByTestId('failed-sign-ins')).toHaveCount(0);
});
