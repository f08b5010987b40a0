import type { Page } from '@playwright/test';
import { apiAs, expect as baseExpect, test } from '../fixtures';

/**
 * Issue 29, items 18 and 20, with the keyboard only: the skip link, the focus moved to the new screen's
 * heading, the users filters tabbed through without the focus falling to the page or a calendar popping
 * up, a form saved with Enter keeping the focus, the select-all box named in Russian, and a phone typed
 * the Russian way into the create form.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

/** What has the focus: tag, and its accessible name as far as a test can tell. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
    const name = element.getAttribute('aria-label') ?? label ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}:${name.trim().slice(0, 60)}`;
  });

/** Notes every change of the page that leaves the focus on <body> (a focused element replaced or disabled). */
const watchFocusFallingToBody = (page: Page) =>
  page.evaluate(() => {
    const mark = window as unknown as { fellToBody: string[] };
    mark.fellToBody = [];
    const check = () => {
      if (document.activeElement === document.body) mark.fellToBody.push(document.title);
    };
    // Elements replaced or disabled; not every attribute (a blur's own class change would catch the
    // focus between two elements, where it is on <body> for a moment on every Tab).
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
  });
const fellToBody = (page: Page) => page.evaluate(() => (window as unknown as { fellToBody: string[] }).fellToBody);

test('the skip link is the first Tab stop and moves the focus to the screen’s heading', async ({ page, login }) => {
  await login();
  await page.goto('/app/users');
  const heading = page.getByRole('heading', { level: 1, name: 'Пользователи' });
  await expect(heading).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();
  // The address keeps no #hash (the list screens keep their state in it).
  expect(new URL(page.url()).hash).toBe('');
  // From the heading the next Tab is inside the screen, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('a navigation moves the focus to the new screen’s heading; the user’s first field is a few Tabs away', async ({
  page,
  login,
}) => {
  const session = await login();
  const stamp = Date.now().toString(36);
  const user = await apiAs(session.apiToken).users.create({
    body: { email: `kbd-nav-${stamp}@pult.test`, role: 'user', firstName: 'Клава', lastName: `Навигатор${stamp}` },
  });
  await page.goto(`/app/users?q=${user.email}&in=email`);
  const link = page.getByRole('link', { name: `Клава Навигатор${stamp}` });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: `Клава Навигатор${stamp}` });
  await expect(heading).toBeFocused();
  // From the heading to the data form's first field: the profile card and the actions come first.
  const email = page.getByLabel('Электронная почта');
  let presses = 0;
  while (!(await email.evaluate((node) => node === document.activeElement)) && presses < 30) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses, 'Tab presses from the heading to the first field').toBeLessThanOrEqual(10);
});

test('tabbing through the users filters never drops the focus to the page nor opens a calendar', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/app/users');
  const search = page.getByRole('textbox', { name: 'Поиск пользователей' });
  await expect(search).toBeVisible();
  await search.focus();
  const stops: string[] = [];
  // Search → role → status → registration from → to → subscription → reset…: past the period and on.
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    stops.push(stop);
    // In the period the picker is downloaded and takes the stand-in's place: no calendar once it is here.
    if (stop.includes('Регистрация с')) await expect(page.locator('.ant-picker-range')).toBeVisible();
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  }
  expect(
    stops.filter((stop) => stop === 'body'),
    stops.join(' → '),
  ).toEqual([]);
  expect(stops.some((stop) => stop.includes('Регистрация с'))).toBe(true);
  // The picker, downloaded when the Tab reached the period, has arrived meanwhile: still no calendar, and
  // the focus is where the last Tab put it, not on the page.
  await expect(page.locator('.ant-picker-range')).toBeVisible();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  expect(await focused(page)).toBe(stops.at(-1));
});

test('Enter saves the user form and the focus stays in the field', async ({ page, login }) => {
  const session = await login();
  const user = await apiAs(session.apiToken).users.create({
    body: { email: `kbd-save-${Date.now().toString(36)}@pult.test`, role: 'user' },
  });
  await page.goto(`/app/users/${user.id}`);
  const firstName = page.getByLabel('Имя', { exact: true });
  await firstName.focus();
  await page.keyboard.type('Мария');
  await watchFocusFallingToBody(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Сохранено')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Мария' })).toBeVisible();
  await expect(firstName).toBeFocused();
  expect(await fellToBody(page)).toEqual([]);
});

test('the header box of the row selection is named in Russian', async ({ page, login }) => {
  await login();
  await page.goto('/app/users');
  await expect(page.getByRole('checkbox', { name: 'Выбрать все на странице' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toHaveCount(0);
});

test('a phone typed «8 903 285-94-89» in the create form is saved as +79032859489, keyboard only', async ({
  page,
  login,
}) => {
  const session = await login();
  await page.goto('/app/users');
  const open = page.getByRole('button', { name: 'Добавить пользователя' });
  await open.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Новый пользователь' });
  const email = drawer.getByLabel('Электронная почта');
  await expect(email).toBeVisible();
  await email.focus();
  const address = `kbd-phone-${Date.now().toString(36)}@pult.test`;
  await page.keyboard.type(address);
  await page.keyboard.press('Tab');
  await expect(drawer.getByLabel('Телефон')).toBeFocused();
  await page.keyboard.type('8 903 285-94-89');
  // Enter in a field creates (the footer's button is the form's submit button).
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Пользователь ${address} создан`)).toBeVisible();
  await expect(drawer).toBeHidden();
  // The focus goes back to the button that opened the form.
  await expect(open).toBeFocused();
  const { items } = await apiAs(session.apiToken).users.list({ query: { where: JSON.stringify({ email: address }) } });
  const created = items[0]?.phoneNumber;
  expect(created).toBe('+79032859489');
});
