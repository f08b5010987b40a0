import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

test.describe('layout', () => {
  test('header, side menu, footer and profile menu', async ({ page, login }) => {
    await login();
    await page.goto('/app/home');
    const nav = page.getByRole('navigation', { name: 'Главное меню' });
    await expect(nav.getByText('Главное меню')).toBeVisible();
    for (const label of [
      'Главная',
      'Пользователи',
      'Транзакции',
      'Подписки',
      'Промокоды',
      'Телеграм-каналы',
      'Общее',
      'Push-уведомления',
    ]) {
      await expect(nav.getByRole('menuitem', { name: label })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toHaveText(`© ${new Date().getFullYear()} Pult. Все права защищены.`);
    await expect(page.locator('.side-nav')).toHaveCSS('width', '250px');
    await page.screenshot({ path: shots('home'), fullPage: true });

    await nav.getByRole('menuitem', { name: 'Подписки' }).click();
    await nav.getByRole('menuitem', { name: 'Подписки пользователей' }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions\/items$/);
    await expect(page.getByRole('heading', { name: 'Подписки пользователей' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();

    await page.getByRole('button', { name: 'Меню профиля' }).click();
    await page.getByRole('menuitem', { name: 'Настройки' }).click();
    await expect(page).toHaveURL(/\/app\/common\/settings$/);
    await page.getByRole('button', { name: 'Меню профиля' }).click();
    await page.getByRole('menuitem', { name: 'Профиль' }).click();
    await expect(page).toHaveURL(/\/app\/profile$/);
    await expect(page.getByRole('heading', { name: 'Анна Петрова' })).toBeVisible();
    await expect(page.getByText('Администратор').first()).toBeVisible();
    await page.screenshot({ path: shots('profile'), fullPage: true });
  });

  test('breadcrumbs show on the profile page and hide on menu entries', async ({ page, login }) => {
    await login();
    await page.goto('/app/profile');
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs).toBeVisible();
    await expect(crumbs).toContainText('Главная');
    await expect(crumbs).toContainText('Профиль');
    await crumbs.getByRole('link', { name: 'Главная' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();
    await expect(crumbs).toHaveCount(0);
    await page.goto('/app/common/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Политика обработки персональных данных' })).toBeVisible();
    await expect(crumbs).toHaveCount(0);
  });

  test('the header search jumps to a menu page by its label', async ({ page, login }) => {
    await login();
    await page.goto('/app/home');
    const search = page.getByRole('combobox', { name: 'Поиск по разделам' });
    await search.fill('Польз');
    const suggestions = page.getByRole('listbox', { name: 'Поиск по разделам' });
    await expect(suggestions.getByText('Пользовательское соглашение')).toBeVisible();
    await expect(suggestions.getByText('Транзакции')).toHaveCount(0);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await suggestions.getByRole('option', { name: 'Пользователи', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/users$/);
    await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();

    await search.fill('замет');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/app\/notes$/);
  });

  test('below the lg breakpoint the menu lives in a drawer', async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(ACCOUNTS.editor);
    await page.goto('/app/home');
    await expect(page.locator('.side-nav')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();
    await page.screenshot({ path: shots('mobile') });
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('menuitem', { name: 'Промокоды' })).toBeVisible();
    await page.screenshot({ path: shots('mobile-drawer') });
    await drawer.getByRole('menuitem', { name: 'Промокоды' }).click();
    await expect(page).toHaveURL(/\/app\/promo-codes$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Промокоды' })).toBeVisible();
  });
});
