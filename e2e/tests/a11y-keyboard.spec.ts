import type { Locator, Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { closeWithEscape } from '../look';

/**
 * Keyboard only, no mouse: sign in, reach the users list through the menu, find a user, open them
 * and come back. Every element focused on the way shows where the focus is (an outline or a ring).
 */

/** The focused element's description and whether it shows the focus (outline or box-shadow ring). */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    // Tab past the last element leaves the page for the browser's own controls on its way round.
    if (!element || element === document.body) return { name: '(the browser)', visible: true };
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // A ring may be drawn by the control's frame (antd inputs, and the login form's fields, focus the
    // <input> inside a styled wrapper).
    const frame = element.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number, .field-box');
    const visible = shows(element) || (frame ? shows(frame) : false);
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return { name, visible };
  });

/**
 * Presses `key` until `target` has the focus, checking at each stop that the focus can be seen.
 * Returns the stops where it could not.
 */
const pressUntilFocused = async (page: Page, target: Locator, key = 'Tab', limit = 80): Promise<string[]> => {
  const unseen: string[] = [];
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press(key);
    const state = await focusState(page);
    if (!state.visible) unseen.push(state.name);
    if (await target.evaluate((node) => node === document.activeElement || node.contains(document.activeElement)))
      return unseen;
  }
  throw new Error(`${key} ×${limit} never reached ${target}`);
};

test('keyboard only: sign in, open a user from the list and come back, the focus always visible', async ({ page }) => {
  test.slow();
  const token = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } }),
  ).apiToken;
  const stamp = Date.now();
  const user = await apiAs(token).users.create({
    body: { email: `keyboard.${stamp}@pult.test`, role: 'user', firstName: 'Клава', lastName: `Тестова${stamp}` },
  });
  const unseen: string[] = [];

  await page.goto('/auth/login');
  const email = page.getByRole('textbox', { name: 'Электронная почта' });
  unseen.push(...(await pressUntilFocused(page, email)));
  await page.keyboard.type(ACCOUNTS.admin.email);
  unseen.push(...(await pressUntilFocused(page, page.getByLabel('Пароль', { exact: true }))));
  await page.keyboard.type(ACCOUNTS.admin.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();

  // The side menu is one Tab stop; arrow keys move within it and Enter opens the item.
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  unseen.push(...(await pressUntilFocused(page, menu)));
  unseen.push(
    ...(await pressUntilFocused(page, menu.getByRole('menuitem', { name: 'Пользователи' }), 'ArrowDown', 10)),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Поиск пользователей' });
  unseen.push(...(await pressUntilFocused(page, search)));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: `Клава Тестова${stamp}` });
  await expect(link).toBeVisible();
  unseen.push(...(await pressUntilFocused(page, link)));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Клава Тестова${stamp}` })).toBeVisible();
  await expect(page).toHaveURL(`/app/users/${user.id}`);

  // Back through the breadcrumbs, still without the mouse; the search survives in the URL.
  const crumb = page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', {
    name: 'Пользователи',
  });
  unseen.push(...(await pressUntilFocused(page, crumb)));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/users(\?|$)/);

  // A drawer closes with Escape and gives the focus back.
  const create = page.getByRole('button', { name: 'Добавить пользователя' });
  unseen.push(...(await pressUntilFocused(page, create)));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await closeWithEscape(page, page.getByRole('dialog'));

  expect(unseen, 'elements that took the focus without showing it').toEqual([]);
});
