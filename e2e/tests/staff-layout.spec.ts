import { apiAs, expect, test } from '../fixtures';

test.describe('layout defects', () => {
  // Every crumb is a translated label or a loading placeholder: no path words, no bare ids.
  test('breadcrumbs never show raw path words or a bare id', async ({ page, login }) => {
    const session = await login();
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });

    await page.goto('/app/common/tg-channels');
    await expect(crumbs).toContainText('Общее');
    await expect(crumbs).not.toContainText('common');

    await page.goto('/app/does-not-exist');
    await expect(crumbs).toContainText('Страница не найдена');
    await expect(crumbs).not.toContainText('does-not-exist');

    // The user's answer is held back: meanwhile the crumb is a placeholder, then the e-mail.
    const email = `crumb-${Date.now().toString(36)}@pult.test`;
    const user = await apiAs(session.apiToken).users.create({ body: { email, role: 'user' } });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/users/${user.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/app/users/${user.id}`);
    await expect(crumbs.getByRole('status', { name: 'Загрузка…' })).toBeVisible();
    await expect(crumbs).not.toContainText(String(user.id));
    release();
    await expect(crumbs).toContainText(email);
  });

  // Collapsed to icons, the side navigation has no room for «Главное меню»: no cut-off «Главно…».
  test('the collapsed side navigation shows no group title', async ({ page, login }) => {
    await login();
    await page.goto('/app/home');
    const side = page.locator('.side-nav');
    await expect(side.getByText('Главное меню')).toBeVisible();
    await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await expect(page.getByRole('button', { name: 'Развернуть меню' })).toBeVisible();
    await expect(side.getByText(/Главно/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Развернуть меню' }).click();
    await expect(side.getByText('Главное меню')).toBeVisible();
  });
});
