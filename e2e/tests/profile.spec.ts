import { apiAs, expect, test } from '../fixtures';
import { newEditor as newEditorAccount } from './new-editor';

/**
 * The profile's account card: the language (one choice, wherever it is made) and the password.
 * Each test has an editor of its own, since the language is saved on the server with the account.
 */
const newEditor = () => newEditorAccount('profile', 'Profile-pass-2024');

const isPreferencesRead = (url: string, method: string) =>
  method === 'GET' && new URL(url).pathname === '/api/users/me/preferences';

test('English chosen in the header stays on the profile, which reads the saved language', async ({ page, login }) => {
  const account = await newEditor();
  const session = await login(account);
  await page.goto('/app/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');

  await page.getByRole('button', { name: 'Язык: RU' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  // The tab's title follows once the English texts are in (it used to stay «Pult — app.title»).
  await expect(page).toHaveTitle(/ — Management system$/);
  // The choice is the person's, saved with the account (the profile applies the saved one).
  await expect.poll(async () => (await apiAs(session.apiToken).profile.preferences()).locale).toBe('en');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-language')).toContainText('English');

  // Opened afresh, the profile reads the saved language again: still English.
  const read = page.waitForResponse((response) => isPreferencesRead(response.url(), response.request().method()));
  await page.reload();
  expect(await (await read).json()).toEqual({ locale: 'en' });
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // Two frames after the answer: React has applied it by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByTestId('profile-language')).toContainText('English');

  // Another browser of the same person, with no language of its own yet, takes the saved one on the profile.
  await page.evaluate(() => localStorage.removeItem('@theme'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('a wrong current password is said on its field', async ({ page, login }) => {
  const account = await newEditor();
  await login(account);
  await page.goto('/app/profile');
  await page.getByLabel('Текущий пароль', { exact: true }).fill('not-the-password');
  await page.getByLabel('Новый пароль', { exact: true }).fill('Another-pass-2024');
  await page.getByLabel('Повторите новый пароль', { exact: true }).fill('Another-pass-2024');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  const field = page.locator('.ant-form-item').filter({ has: page.getByLabel('Текущий пароль', { exact: true }) });
  await expect(field.locator('.ant-form-item-explain')).toHaveText('Неверный текущий пароль');
  await expect(page.getByText('Не соответствует другим полям')).toHaveCount(0);
  // Nothing changed: the old password still signs in.
  await expect(
    apiAs().auth.signin({ body: { email: account.email, password: account.password } }),
  ).resolves.toBeTruthy();
});
