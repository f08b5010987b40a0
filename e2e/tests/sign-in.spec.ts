import { ACCOUNTS } from '../accounts';
import { apiAs, expect, readStoredSession, test } from '../fixtures';

test.describe('sign-in', () => {
  test('an admin signs in and sees the app with their e-mail and phone', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Вход в систему' })).toBeVisible();
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль', { exact: true }).fill(ACCOUNTS.admin.password);
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
    await page.getByLabel('Пароль', { exact: true }).fill(ACCOUNTS.editor.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('banner').getByText(ACCOUNTS.editor.email)).toBeVisible();
  });

  test('a wrong password is refused with the catalogue message', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();

    await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a planner user is turned away and their fresh token is revoked', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.planner.email);
    await page.getByLabel('Пароль', { exact: true }).fill(ACCOUNTS.planner.password);
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
    await page.getByLabel('Пароль', { exact: true }).fill(ACCOUNTS.blocked.password);
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
    await page.getByLabel('Пароль', { exact: true }).fill('whatever-it-is');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Слишком много попыток входа. Повторите через 120 с.');
  });

  test('the sign-in errors follow the chosen language', async ({ page }) => {
    await page.goto('/auth/login');
    // A native select: the option is chosen by its visible name, as a keyboard or screen reader user would.
    await page.getByRole('combobox', { name: 'Язык' }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Email').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong login or password');
  });

  test('an empty or malformed form is explained at the fields and sends nothing', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/signin')) requests += 1;
    });
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Войти' }).click();

    const email = page.getByLabel('Электронная почта');
    const password = page.getByLabel('Пароль', { exact: true });
    await expect(email).toHaveAccessibleDescription('Введите электронную почту');
    await expect(password).toHaveAccessibleDescription('Введите пароль');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    // Corrected as they type, as antd's form did after a first submit.
    await email.fill('not-an-address');
    await expect(email).toHaveAccessibleDescription('Введите корректный адрес электронной почты');
    await email.fill(ACCOUNTS.admin.email);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(password).toBeFocused();
    expect(requests).toBe(0);
  });

  test('the password can be shown and hidden again', async ({ page }) => {
    await page.goto('/auth/login');
    const password = page.getByLabel('Пароль', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Показать пароль' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Скрыть пароль' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('secret-words');
  });

  test('while the sign-in runs the form is locked, and a second click sends nothing more', async ({ page }) => {
    let requests = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/users/signin', async (route) => {
      requests += 1;
      await held;
      await route.continue();
    });
    await page.goto('/auth/login');
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль', { exact: true }).fill(ACCOUNTS.admin.password);
    const submit = page.getByRole('button', { name: 'Войти' });
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(page.getByLabel('Электронная почта')).toBeDisabled();
    await submit.click({ force: true });
    release();
    await expect(page).toHaveURL(/\/app\/home$/);
    expect(requests).toBe(1);
  });
});
