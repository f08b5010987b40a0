import type { Browser, Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS, type Account } from '../accounts';
import { apiAs, expect, storeSessionOnNextLoad, test } from '../fixtures';
import { holdRequests } from '../network';

// Column settings and saved views (issue #15), on the users list. The database is shared with
// other spec files, so every test puts the admin's columns back and deletes the views it made.

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The users table's visible column titles, left to right. */
const headers = async (page: Page) =>
  (await page.locator('.users-table thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

/** Opens the users list and waits for its table (a cold lazy chunk is slow on a loaded machine). */
async function openUsers(page: Page, url = '/app/users') {
  await page.goto(url);
  await expect(page.locator('.users-table thead')).toBeVisible({ timeout: 45_000 });
}

/** A second staff member in a browser of their own (the fixture signs in the test's own page only). */
async function signedInPage(browser: Browser, account: Account) {
  const session = sessionOf(await apiAs().auth.signin({ body: { email: account.email, password: account.password } }));
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSessionOnNextLoad(page, session);
  return { page, context, session };
}

async function saveView(page: Page, name: string, shared = false) {
  await page.getByRole('button', { name: 'Виды' }).click();
  await page.getByRole('menuitem', { name: 'Сохранить текущий вид…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сохранить вид' });
  await dialog.getByLabel('Название').fill(name);
  if (shared) await dialog.getByRole('checkbox', { name: 'Общий для всех сотрудников' }).check();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Вид сохранён')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function applyView(page: Page, name: string) {
  await page.getByRole('button', { name: 'Виды' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByText(`Вид «${name}» применён`)).toBeVisible();
}

let adminToken = '';
test.beforeEach(async () => {
  const { apiToken } = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } }),
  );
  adminToken = apiToken;
  // A run stopped half-way may have left the admin's columns changed: start from the defaults.
  await apiAs(adminToken).listViews.putColumns({ params: { listKey: 'users' }, body: { columns: [] } });
});
test.afterEach(async () => {
  const admin = apiAs(adminToken);
  await admin.listViews.putColumns({ params: { listKey: 'users' }, body: { columns: [] } });
  const views = await admin.listViews.listViews({ params: { listKey: 'users' } });
  for (const view of views.items)
    if (view.canEdit && view.name.startsWith('e2e ')) await admin.listViews.deleteView({ params: { id: view.id } });
});

test.describe.configure({ timeout: 120_000 });

test('a hidden and a moved column stay so after a reload', async ({ page, login }) => {
  const session = await login();
  await openUsers(page);
  await expect(page.locator('.users-table thead th').filter({ hasText: 'Телефон' })).toBeVisible();
  expect((await headers(page)).slice(0, 2)).toEqual(['Пользователь', 'Электронная почта']);

  await page.getByRole('button', { name: 'Столбцы' }).click();
  await page.getByRole('checkbox', { name: 'Телефон' }).uncheck();
  // Moved by keyboard: the arrow button is focused and pressed with Enter.
  await page.getByRole('button', { name: 'Выше: Электронная почта' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');

  // The role has its own column only from 1600 px (staff are marked by their name below it): «Статус» follows.
  const expected = ['Электронная почта', 'Пользователь', 'Статус'];
  await expect.poll(async () => (await headers(page)).slice(0, 3)).toEqual(expected);
  expect(await headers(page)).not.toContain('Телефон');
  // Reloaded at once, before the debounced save is due: what is still waiting is sent as the page goes, and
  // both changes reach the server, not only the screen.
  await page.reload();
  const saved = async () => {
    const { columns } = await apiAs(session.apiToken).listViews.getColumns({ params: { listKey: 'users' } });
    return {
      firstTwo: columns.slice(0, 2).map((column) => column.key),
      phone: columns.find((c) => c.key === 'phoneNumber'),
    };
  };
  await expect.poll(saved).toEqual({ firstTwo: ['email', 'name'], phone: { key: 'phoneNumber', visible: false } });

  // The page that reloaded may have read the settings before that request arrived: once more, from the server.
  await page.reload();
  await expect(page.locator('.users-table thead th').filter({ hasText: 'Статус' })).toBeVisible({ timeout: 45_000 });
  await expect.poll(async () => (await headers(page)).slice(0, 3)).toEqual(expected);
  expect(await headers(page)).not.toContain('Телефон');

  // Reset brings the screen's own columns back.
  await page.getByRole('button', { name: 'Столбцы' }).click();
  await page.getByRole('button', { name: 'Сбросить', exact: true }).click();
  await expect.poll(async () => (await headers(page)).slice(0, 2)).toEqual(['Пользователь', 'Электронная почта']);
  expect(await headers(page)).toContain('Телефон');
  await expect
    .poll(async () => (await apiAs(session.apiToken).listViews.getColumns({ params: { listKey: 'users' } })).columns)
    .toEqual([]);
});

test('a saved view with filters survives a reload and applies them', async ({ page, login }) => {
  await login();
  const name = unique('e2e Редакторы');
  await openUsers(page, '/app/users?role=editor&status=active&sort=email:asc');
  await saveView(page, name);

  await openUsers(page);
  await page.reload();
  await expect(page.locator('.users-table thead')).toBeVisible({ timeout: 45_000 });
  expect(new URL(page.url()).search).toBe('');
  await applyView(page, name);
  await expect(page).toHaveURL(/role=editor/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('role')).toBe('editor');
  expect(params.get('status')).toBe('active');
  expect(params.get('sort')).toBe('email:asc');
  // The list follows the applied filter: the editor account is there, the admin is not.
  await expect(page.locator('.users-table').getByText(ACCOUNTS.editor.email)).toBeVisible();
  await expect(page.locator('.users-table').getByText(ACCOUNTS.admin.email)).toHaveCount(0);
});

test('a view an admin shares is seen and applied by an editor, who cannot delete it', async ({
  page,
  login,
  browser,
}) => {
  await login();
  const name = unique('e2e Заблокированные');
  await openUsers(page, '/app/users?status=blocked');
  await saveView(page, name, true);

  const editor = await signedInPage(browser, ACCOUNTS.editor);
  try {
    await openUsers(editor.page);
    await applyView(editor.page, name);
    await expect(editor.page).toHaveURL(/status=blocked/);
    await expect(editor.page.locator('.users-table').getByText(ACCOUNTS.blocked.email)).toBeVisible();

    await editor.page.getByRole('button', { name: 'Виды' }).click();
    await editor.page.getByRole('menuitem', { name: 'Управлять видами…' }).click();
    const row = editor.page.getByRole('dialog', { name: 'Виды списка' }).getByRole('listitem', { name });
    await expect(row.getByText('Только просмотр')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Удалить' })).toHaveCount(0);

    // The server says the same, whatever the page shows.
    const views = await apiAs(editor.session.apiToken).listViews.listViews({ params: { listKey: 'users' } });
    const view = views.items.find((item) => item.name === name);
    expect(view).toMatchObject({ shared: true, canEdit: false });
    await expect(
      apiAs(editor.session.apiToken).listViews.deleteView({ params: { id: view?.id ?? 0 } }),
    ).rejects.toMatchObject({ status: 403 });
  } finally {
    await editor.context.close();
  }
});

test('the rows wait for the saved columns and are drawn once, already arranged', async ({ page, login }) => {
  await apiAs(adminToken).listViews.putColumns({
    params: { listKey: 'users' },
    body: { columns: [{ key: 'phoneNumber', visible: false }] },
  });
  await login();
  // The settings answer is held back until the rows' answer is in: drawn at once, the rows would show the
  // default columns first and then move.
  const release = await holdRequests(page, '**/api/list-views/users/columns');
  await page.goto('/app/users');
  // The total under the table is drawn from the rows' answer in the same render as the rows would be.
  await expect(page.locator('.users-table').getByText(/^Всего: /)).toBeVisible({ timeout: 45_000 });
  expect(await page.locator('.users-table tbody tr.lite-table-row').count()).toBe(0);
  await expect(page.locator('.users-table .lite-skeleton')).toBeVisible();

  release();
  await expect(page.locator('.users-table tbody tr.lite-table-row').first()).toBeVisible();
  expect(await headers(page)).not.toContain('Телефон');
  expect((await headers(page)).slice(0, 2)).toEqual(['Пользователь', 'Электронная почта']);
});
