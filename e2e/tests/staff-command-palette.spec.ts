import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { createGeneratedSeries, firstCodes, signIn } from './promo-api';

// The command palette of issue #15, driven by the keyboard only: no click from opening to arriving.
test.describe.configure({ timeout: 120_000 });

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Раздел, пользователь, серия, код или действие' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Найденное' });
const activeOption = (page: Page) => listbox(page).locator('[role="option"][aria-selected="true"]');

/** Ctrl+K, then the palette's text box has the focus, as it must for typing straight away. */
const openPalette = async (page: Page) => {
  // The shell is up (and listening for the shortcut) once its header shows the palette's button.
  await expect(page.getByRole('button', { name: /Команды/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(combobox(page)).toBeFocused();
};

/**
 * Arrow down until the option named `name` is the active one (results from the server may still be
 * arriving above it), checking that the combobox points at it through aria-activedescendant.
 */
const arrowTo = async (page: Page, name: string | RegExp) => {
  const target = listbox(page).getByRole('option', { name });
  await expect(target).toBeVisible();
  for (let step = 0; step < 30; step += 1) {
    if ((await target.getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id')) ?? '');
};

test('jumps to a screen: type part of its name, arrow down, Enter', async ({ page, login }) => {
  await login();
  await page.goto('/app/transactions');
  // An upper bound for the first screen after the server starts on a loaded machine, not a timing check.
  await expect(page.getByRole('heading', { name: 'Транзакции' })).toBeVisible({ timeout: 60_000 });

  await openPalette(page);
  // With nothing typed, every screen is offered and the first one is active.
  await expect(listbox(page).getByRole('option', { name: 'Пользователи' })).toBeVisible();
  await expect(activeOption(page)).toHaveCount(1);

  await page.keyboard.type('подпис');
  const options = listbox(page).getByRole('option');
  // The menu's «Подписки пользователей» starts with the text; the first option is active.
  await expect(options.first()).toContainText('Подписки пользователей');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(listbox(page).getByRole('option', { name: /Пользователи$/ })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');
  const second = (await options.nth(1).locator('.palette-option-label').textContent()) ?? '';
  expect(second).toBe('Подписки');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('dialog', { name: 'Поиск и команды' })).toBeHidden();
  await expect(page).toHaveURL(/\/app\/subscriptions$/);

  // Enter at once runs the best match: a screen inside a menu group.
  await openPalette(page);
  await page.keyboard.type('доступн');
  await expect(options).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/subscriptions\/desc$/);
  await expect(page.getByRole('heading', { name: 'Доступные подписки' })).toBeVisible();
});

test('finds a user by part of the e-mail and opens the card', async ({ page, login }) => {
  const session = await login();
  const stamp = Date.now().toString(36);
  const user = await apiAs(session.apiToken).users.create({
    body: { email: `palette-${stamp}@pult.test`, firstName: 'Лукерья', lastName: 'Палитрова', role: 'user' },
  });
  await page.goto('/app/transactions');

  await openPalette(page);
  await page.keyboard.type(`palette-${stamp}`);
  await arrowTo(page, new RegExp(`palette-${stamp}@pult\\.test`));
  await expect(activeOption(page)).toContainText('Лукерья Палитрова');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/app/users/${user.id}$`));
  await expect(page.getByText(`palette-${stamp}@pult.test`).first()).toBeVisible();
});

test('finds a promo series by name, and a code by its value', async ({ page, login }) => {
  await login();
  const token = await signIn();
  const name = `Палитра ${Date.now().toString(36)}`;
  const series = await createGeneratedSeries(token, { name, prefix: 'PAL', codesCount: 5 });
  const [code = ''] = await firstCodes(token, series.id, 1);
  await page.goto('/app/transactions');

  await openPalette(page);
  await page.keyboard.type(name);
  await arrowTo(page, new RegExp(name));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/promo-codes/${series.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // A code read out by a customer, typed in lower case: its series opens with the code shown.
  await page.goto('/app/users');
  await openPalette(page);
  await page.keyboard.type(code.toLowerCase());
  await arrowTo(page, code);
  await expect(activeOption(page)).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/promo-codes/${series.id}\\?code=${code}$`));
  const card = page.locator('.promo-code-lookup');
  await expect(card).toContainText(code);
  await expect(card).toContainText('Новый');
  await expect(card.getByRole('button', { name: `Заблокировать код ${code}` })).toBeVisible();
});

test('runs a screen action: «Создать тариф» opens the new plan form', async ({ page, login }) => {
  await login();
  await page.goto('/app/subscriptions/desc');
  await expect(page.getByRole('heading', { name: 'Доступные подписки' })).toBeVisible();

  await openPalette(page);
  // The screen's actions come first, before the screens.
  await expect(listbox(page).getByRole('group', { name: 'Действия на экране' })).toBeVisible();
  await page.keyboard.type('создать т');
  await arrowTo(page, 'Создать тариф');
  await page.keyboard.press('Enter');

  const drawer = page.getByRole('dialog', { name: 'Новый тариф' });
  await expect(drawer).toBeVisible();
  // The form has the focus once the palette is gone, so typing goes on in the form.
  await expect(drawer.getByRole('textbox', { name: 'Название' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Поиск и команды' })).toBeHidden();
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-drawer')))).toBe(true);
});

test('Escape closes the palette and gives the focus back; Ctrl+K works inside a text field', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/app/users');
  const search = page.getByRole('textbox', { name: 'Поиск пользователей' });
  await search.focus();
  await page.keyboard.type('abc');

  await openPalette(page);
  await expect(page.getByRole('dialog', { name: 'Поиск и команды' })).toBeVisible();
  await page.keyboard.type('что-то');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Поиск и команды' })).toBeHidden();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('abc');

  // Opened again, it starts empty; the header button names its shortcut.
  await openPalette(page);
  await expect(combobox(page)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(search).toBeFocused();
  await expect(page.getByRole('button', { name: /Команды/ })).toHaveAttribute('aria-keyshortcuts', /Control\+K/);
});

test('an editor is offered neither admin-only screens nor admin-only actions', async ({ page, login }) => {
  await login(ACCOUNTS.editor);
  await page.goto('/app/users');
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();

  await openPalette(page);
  await expect(listbox(page).getByRole('option', { name: 'Пользователи' })).toBeVisible();
  await expect(listbox(page).getByRole('option', { name: 'Настройки' })).toHaveCount(0);
  await expect(listbox(page).getByRole('option', { name: 'Добавить пользователя' })).toHaveCount(0);
  await expect(listbox(page).getByRole('option', { name: 'Выгрузить CSV' })).toHaveCount(0);
  await page.keyboard.type('настр');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await page.keyboard.press('Escape');
  // The side menu leaves the settings out the same way (its group opens on one of its pages).
  await page.goto('/app/common/privacy-policy');
  await expect(page.getByRole('menuitem', { name: 'Пользовательское соглашение' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Настройки' })).toHaveCount(0);

  await page.goto('/app/subscriptions/desc');
  await expect(page.getByRole('heading', { name: 'Доступные подписки' })).toBeVisible();
  await openPalette(page);
  await expect(listbox(page).getByRole('option', { name: 'Создать тариф' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // What an editor may do is offered: a new promo series.
  await page.goto('/app/promo-codes');
  await expect(page.getByRole('heading', { name: 'Промокоды' })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('серию');
  await arrowTo(page, 'Создать серию');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Новая серия промокодов' })).toBeVisible();
});

test('an admin is offered the users screen’s actions', async ({ page, login }) => {
  await login();
  await page.goto('/app/users');
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  await openPalette(page);
  const actions = listbox(page).getByRole('group', { name: 'Действия на экране' });
  await expect(actions.getByRole('option', { name: 'Добавить пользователя' })).toBeVisible();
  await expect(actions.getByRole('option', { name: 'Выгрузить CSV' })).toBeVisible();
  await page.keyboard.type('настр');
  await expect(listbox(page).getByRole('option', { name: 'Настройки' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/app/common/privacy-policy');
  await expect(page.getByRole('menuitem', { name: 'Настройки' })).toBeVisible();
});
