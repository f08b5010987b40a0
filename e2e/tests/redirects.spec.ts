import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';

test.describe('redirects', () => {
  test('the root goes to the login entry when signed out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });

  test('any other /auth path goes to the login form', async ({ page }) => {
    await page.goto('/auth/whatever');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an /app page asks to sign in first, then opens', async ({ page }) => {
    await page.goto('/app/users');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Электронная почта').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Пароль', { exact: true }).fill(ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/app\/users$/);
    await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  });

  test('a signed-in user skips the sign-in screens', async ({ page, login }) => {
    await login();
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/app\/home$/);
    await page.goto('/auth/forgot-password');
    await expect(page).toHaveURL(/\/app\/home$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/home$/);
    await page.goto('/app');
    await expect(page).toHaveURL(/\/app\/home$/);
  });

  test('unknown paths show the 404 page; the error pages exist', async ({ page, login }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    await page.goto('/auth/error-1');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    await page.goto('/auth/error-2');
    await expect(page.getByText('Что-то пошло не так')).toBeVisible();

    await login();
    await page.goto('/app/no-such-screen');
    // The breadcrumb says it too; the page's own title is what counts here.
    await expect(page.locator('.ant-result-title', { hasText: 'Страница не найдена' })).toBeVisible();
    // Inside the app the menu stays at hand.
    await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
  });

  test('every /app route of the seed opens its screen', async ({ page, login }) => {
    // Fourteen page loads in one test: more room than the default for a loaded machine.
    test.setTimeout(120_000);
    await login(ACCOUNTS.editor);
    const screens: [string, string][] = [
      ['/app/home', 'Главная'],
      ['/app/notes', 'Заметки'],
      ['/app/transactions', 'Транзакции'],
      ['/app/subscriptions', 'Подписки'],
      ['/app/subscriptions/desc', 'Доступные подписки'],
      ['/app/subscriptions/items', 'Подписки пользователей'],
      ['/app/common/tg-channels', 'Список телеграм-каналов'],
      ['/app/telegram-chanels', 'Телеграм-каналы'],
      ['/app/users', 'Пользователи'],
      ['/app/promo-codes', 'Промокоды'],
      ['/app/common/privacy-policy', 'Политика обработки персональных данных'],
      ['/app/common/user-agreement', 'Пользовательское соглашение'],
      ['/app/common/settings', 'Настройки'],
      ['/app/push-notifications', 'Push-уведомления'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true }), path).toBeVisible();
    }
  });
});
