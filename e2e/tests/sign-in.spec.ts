import { ACCOUNTS } from '../accounts';
import { apiAs, expect, readStoredSession, test } from '../fixtures';

test.describe('sign-in', () => {
  test('an admin signs in and sees the app with their e-mail and phone', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Вход в систему' })).toBeVisible();
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль').fill(ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Войти' }).click();

    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByText(ACCOUNTS.admin.email)).toBeVisible();
    await expect(header.getByText(ACCOUNTS.admin.phone)).toBeVisible();
    expect((await readStoredSession(page))?.apiToken).toBeTruthy();
  });

  test('an editor may sign in too, through the split-screen layout', async ({ page }) => {
    await page.goto('/auth/login-1');
    await expect(page.getByRole('heading', { name: 'С возвращением!' })).toBeVisible();
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.editor.email);
    await page.getByLabel('Пароль').fill(ACCOUNTS.editor.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('banner').getByText(ACCOUNTS.editor.email)).toBeVisible();
  });

  test('a wrong password is refused with the catalogue message', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();

    await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a planner user is turned away and their fresh token is revoked', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.planner.email);
    await page.getByLabel('Пароль').fill(ACCOUNTS.planner.password);
    const signin = page.waitForResponse((response) => response.url().endsWith('/api/users/signin'));
    const signout = page.waitForResponse((response) => response.url().endsWith('/api/users/signout'));
    await page.getByRole('button', { name: 'Войти' }).click();

    const { apiToken } = (await (await signin).json()) as { apiToken: string };
    expect((await signout).status()).toBe(200);
    await expect(page.getByRole('alert')).toHaveText('Пользователь с этой ролью не может войти');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await readStoredSession(page)).toBeNull();
    await expect(apiAs(apiToken).auth.me()).rejects.toMatchObject({ status: 401 });
  });

  test('a blocked account is told so', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.blocked.email);
    await page.getByLabel('Пароль').fill(ACCOUNTS.blocked.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toContainText('Учётная запись заблокирована');
  });

  test('too many attempts show the rate-limit message with the wait', async ({ page }) => {
    // The server's limiter is tested on the server; here only how the SPA words a 429.
    await page.route('**/api/users/signin', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '120' },
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts' }),
      }),
    );
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль').fill('whatever-it-is');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Слишком много попыток входа. Повторите через 120 с.');
  });

  test('the sign-in errors follow the chosen language', async ({ page }) => {
    await page.goto('/auth/login');
    // A native select: the option is chosen by its visible name, as a keyboard or screen reader user would.
    await page.getByRole('combobox', { name: 'Язык' }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong login or password');
  });
});
