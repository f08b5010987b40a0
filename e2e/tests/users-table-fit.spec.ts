import type { Page } from '@playwright/test';
import { apiAs, expect as baseExpect, test } from '../fixtures';

/**
 * Issue 29, item 13: the users table fits a 1280 px screen beside the menu (no sideways scrolling, no
 * header cut to «Да…»), its rows are compact, and «Плотность» makes them standard, remembered.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const geometry = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('.users-table');
    const scroller = table?.querySelector<HTMLElement>('.lite-table-scroll');
    const cut = [...(table?.querySelectorAll<HTMLElement>('thead th') ?? [])]
      .map((th) => th.querySelector<HTMLElement>('.lite-table-title') ?? th)
      .filter((title) => title.scrollWidth > title.clientWidth)
      .map((title) => title.textContent);
    const rows = [...(table?.querySelectorAll<HTMLElement>('tbody tr.users-row') ?? [])];
    return {
      sideways: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
      cut,
      rowHeights: rows.map((row) => Math.round(row.getBoundingClientRect().height)),
      headers: [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent ?? ''),
    };
  });

test('the default columns fit 1280 px without sideways scrolling or cut headers, rows compact', async ({
  page,
  login,
}) => {
  const session = await login();
  const client = apiAs(session.apiToken);
  const marker = `fit${Date.now().toString(36)}`;
  // Long names and addresses, a staff member and a subscription: what widened the table before.
  await client.users.create({
    body: {
      email: `konstantin.konstantinopolsky.${marker}@example-long-domain.ru`,
      firstName: 'Константин',
      lastName: 'Константинопольский-Щедрин',
      phoneNumber: '+79161234567',
      role: 'user',
    },
  });
  await client.users.create({
    body: { email: `${marker}-admin@pult.test`, firstName: 'Админ', role: 'admin', password: 'a long password' },
  });
  await page.goto(`/app/users?q=${marker}`);
  await expect(page.locator('.users-table tbody tr.users-row')).toHaveCount(2);
  const shown = await geometry(page);
  expect(shown.headers).toEqual(expect.arrayContaining(['Дата регистрации', 'Электронная почта', 'Телефон']));
  expect(shown.sideways, 'pixels to scroll sideways').toBeLessThanOrEqual(0);
  expect(shown.cut, 'headers cut short').toEqual([]);
  for (const height of shown.rowHeights) expect(height).toBeLessThanOrEqual(42);
  // The staff member is marked where the role column is not shown.
  await expect(page.locator('.users-table').getByText('Администратор')).toBeVisible();

  // «Плотность» → «Обычная»: taller rows, kept after a reload; the list itself is unchanged.
  await page.getByRole('button', { name: 'Плотность' }).click();
  await page.getByRole('menuitem', { name: 'Обычная' }).click();
  await expect
    .poll(async () => Math.min(...(await geometry(page)).rowHeights))
    .toBeGreaterThan(Math.max(...shown.rowHeights));
  await page.reload();
  await expect(page.locator('.users-table tbody tr.users-row')).toHaveCount(2);
  const standard = await geometry(page);
  expect(Math.min(...standard.rowHeights)).toBeGreaterThan(Math.max(...shown.rowHeights));
  expect(standard.sideways).toBeLessThanOrEqual(0);
  expect(standard.cut).toEqual([]);
});
