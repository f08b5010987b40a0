import { expect, test } from '../fixtures';

test('a screen whose chunk fails to load offers a retry that loads it', async ({ page, login }) => {
  await login();
  let blocked = true;
  await page.route(/\/assets\/users-[\w-]+\.js$/, (route) => (blocked ? route.abort('failed') : route.continue()));
  await page.goto('/app/users');

  await expect(page.getByText('Не удалось загрузить раздел')).toBeVisible();
  await expect(page.getByText(/Loading chunk users failed\.\s*\(missing: .*users-[\w-]+\.js\)/)).toBeVisible();
  // The rest of the app still works around the failed screen.
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();

  blocked = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
});
