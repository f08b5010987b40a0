import type { Page } from '@playwright/test';
import { apiAs, expect, test } from '../fixtures';
import { createGeneratedSeries } from './promo-api';

test.describe.configure({ timeout: 120_000 });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });
const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Уйти без сохранения?' });

/** A history step inside the SPA (not a page load), the way the browser's back button makes one. */
const back = (page: Page) => page.evaluate(() => window.history.back());

test.describe('unsaved changes', () => {
  test('the user edit card asks before a menu click leaves, and before the tab closes', async ({ page, login }) => {
    const session = await login();
    const user = await apiAs(session.apiToken).users.create({
      body: { email: `unsaved-${Date.now().toString(36)}@pult.test`, firstName: 'Было', role: 'user' },
    });
    await page.goto(`/app/users/${user.id}`);
    const firstName = page.getByRole('textbox', { name: 'Имя', exact: true });
    await expect(firstName).toHaveValue('Было');

    // Untouched: the menu leaves at once.
    await menu(page).getByRole('menuitem', { name: 'Главная' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await page.goBack();
    await expect(firstName).toHaveValue('Было');

    await firstName.fill('Стало');
    await menu(page).getByRole('menuitem', { name: 'Главная' }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Остаться' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${user.id}$`));
    await expect(firstName).toHaveValue('Стало');

    // Closing the tab: the browser's own question, answered «stay».
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    await menu(page).getByRole('menuitem', { name: 'Главная' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Уйти' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
  });

  test('the plan drawer and the series form ask before back leaves; a saved theme does not', async ({
    page,
    login,
  }) => {
    const session = await login();
    const series = await createGeneratedSeries(session.apiToken, { codesCount: 1 });

    // The plan drawer, reached in-app so «back» stays inside the SPA.
    await page.goto('/app/home');
    const plans = menu(page).getByRole('menuitem', { name: 'Доступные подписки', exact: true });
    if (!(await plans.isVisible())) await menu(page).getByRole('menuitem', { name: 'Подписки', exact: true }).click();
    await plans.click();
    await expect(page).toHaveURL(/\/app\/subscriptions\/desc$/);
    await page.getByRole('button', { name: 'Создать тариф' }).first().click();
    await page.getByRole('dialog', { name: 'Новый тариф' }).getByLabel('Название').fill('Несохранённый');
    await back(page);
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Остаться' }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions\/desc$/);
    await expect(page.getByRole('dialog', { name: 'Новый тариф' }).getByLabel('Название')).toHaveValue('Несохранённый');
    await page.getByRole('dialog', { name: 'Новый тариф' }).getByRole('button', { name: 'Отмена' }).click();

    // The series form in its drawer.
    await menu(page).getByRole('menuitem', { name: 'Промокоды' }).click();
    await page.getByRole('button', { name: 'Создать серию' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Новая серия промокодов' });
    await drawer.getByLabel('Название').fill('Черновик серии');
    await back(page);
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Остаться' }).click();
    await expect(drawer.getByLabel('Название')).toHaveValue('Черновик серии');
    await drawer.getByRole('button', { name: 'Отмена' }).click();

    // The theme editor: an edit asks, a saved edit does not.
    await page.goto(`/app/promo-codes/${series.id}?tab=theme`);
    const headline = page.getByRole('textbox', { name: 'Заголовок', exact: true });
    await headline.fill('Несохранённый заголовок');
    await menu(page).getByRole('menuitem', { name: 'Главная' }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Остаться' }).click();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Оформление сохранено')).toBeVisible();
    await menu(page).getByRole('menuitem', { name: 'Главная' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(leaveDialog(page)).toHaveCount(0);
  });
});
