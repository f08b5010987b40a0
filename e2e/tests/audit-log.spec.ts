import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, BASE_URL } from '../accounts';
import { apiAs, expect, test } from '../fixtures';

/** An action code as the API stores it: kebab-case Latin («update», «block-code»). */
const CODE = /^[a-z]+(-[a-z]+)*$/;

/** The audit table's rows, once the first page has arrived. */
const auditRows = async (page: Page) => {
  const rows = page.getByRole('table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows;
};

test.describe('the audit log', () => {
  test('speaks Russian: actions and objects by name, objects linked, the actor found by e-mail, the object chosen by name', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.admin);
    const admin = apiAs(session.apiToken);
    const created = await admin.users.create({ body: { email: `audit.${Date.now()}@pult.test`, role: 'user' } });
    // An event of another kind of object (a shared view is audited), for «Объект» to leave out.
    const view = await admin.listViews.createView({
      params: { listKey: 'audit-log' },
      body: { name: `Аудит ${Date.now()}`, state: { query: {} }, shared: true },
    });
    await admin.listViews.deleteView({ params: { id: view.id } });
    // The editor's sign-in is an event of theirs, so «Кто» has someone else to find.
    await apiAs().auth.signin({ body: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } });

    await page.goto('/app/common/settings?tab=audit');
    const rows = await auditRows(page);
    // No action code in the «Действие» column, no entity code in «Объект».
    const actions = await rows.locator('td:nth-child(4)').allInnerTexts();
    expect(actions.length).toBeGreaterThan(1);
    for (const action of actions) expect(action.trim()).not.toMatch(CODE);
    const objects = (await rows.locator('td:nth-child(5)').allInnerTexts()).join('\n');
    expect(objects).not.toMatch(/\b(user|agreement|promo-series|settings|tg-channel|saved-view)\b/);
    expect(objects).toContain('Вид списка');

    const createdRow = rows.filter({ hasText: `Пользователь #${created.id}` }).first();
    await expect(createdRow).toContainText('Создание');

    // «Кто»: part of an e-mail, applied on Enter, kept in the field and the address.
    const who = page.getByRole('textbox', { name: 'Кто' });
    await who.fill('EDITOR@pult');
    await who.press('Enter');
    await expect(page).toHaveURL(/actor=EDITOR%40pult/);
    await expect(who).toHaveValue('EDITOR@pult');
    const actors = rows.locator('td:nth-child(3)');
    await expect(actors.filter({ hasNotText: ACCOUNTS.editor.email })).toHaveCount(0);
    await expect(actors.first()).toHaveText(ACCOUNTS.editor.email);
    await page.getByRole('button', { name: 'Сбросить' }).click();
    await expect(page).not.toHaveURL(/actor=/);
    await expect(who).toHaveValue('');

    // «Объект»: chosen by its Russian name, found by typing part of it.
    await page.getByRole('combobox', { name: 'Объект' }).fill('польз');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Пользователь', { exact: true }).click();
    await expect(page).toHaveURL(/entity=user/);
    const objectCells = rows.locator('td:nth-child(5)');
    await expect(objectCells.filter({ hasNotText: /^Пользователь #/ })).toHaveCount(0);
    await expect(objectCells.first()).toBeVisible();

    // The object is a link to its screen.
    await rows
      .filter({ hasText: `Пользователь #${created.id}` })
      .first()
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${created.id}$`));
  });

  test('follows one request: from an event to every event it wrote, and by an id pasted from the log', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.admin);
    const admin = apiAs(session.apiToken);
    const stamp = Date.now().toString(36);
    const users = await Promise.all(
      ['a', 'b'].map((name) =>
        admin.users.create({ body: { email: `audit.req.${name}.${stamp}@pult.test`, role: 'user' } }),
      ),
    );
    // One bulk block, sent with the id a proxy in front would have given it.
    const requestId = `e2e-bulk-${stamp}`;
    const blocked = await fetch(new URL('/api/users/bulk', BASE_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-token': session.apiToken, 'x-request-id': requestId },
      body: JSON.stringify({ action: 'block', ids: users.map((user) => user.id) }),
    });
    expect(blocked.status).toBe(200);

    await page.goto('/app/common/settings?tab=audit&action=block');
    const rows = await auditRows(page);
    const row = rows.filter({ hasText: `Пользователь #${users[0]?.id}` }).first();
    await row.getByRole('button', { name: /развернуть|expand/i }).click();
    const details = page.locator('.audit-request').first();
    await expect(details).toContainText(requestId);
    await details.getByRole('button', { name: 'Все записи этого запроса' }).click();
    await expect(page).toHaveURL(new RegExp(`request=${requestId}`));
    await expect(page).not.toHaveURL(/action=/);
    await expect(rows).toHaveCount(2);
    for (const user of users) await expect(rows.filter({ hasText: `Пользователь #${user.id}` })).toHaveCount(1);

    // Pasted by hand into «ID запроса»: a wrong shape is explained, the right one applied on Enter.
    await page.goto('/app/common/settings?tab=audit');
    await auditRows(page);
    const field = page.getByRole('textbox', { name: 'ID запроса' });
    await field.fill('not an id!');
    await field.press('Enter');
    await expect(page.getByText('Латинские буквы, цифры и . _ : -, до 128 знаков')).toBeVisible();
    await expect(page).not.toHaveURL(/request=/);
    await field.fill(` ${requestId} `);
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`request=${requestId}`));
    await expect(rows).toHaveCount(2);
  });

  test('exports in Russian, and the export button stays inside the page', async ({ page, login }) => {
    await login(ACCOUNTS.admin);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/app/common/settings?tab=audit');
      await auditRows(page);
      // Inside the screen's content (the tabs span it), not only inside the window: at 1440 px it
      // ended 21 px into the content's right padding.
      const box = await page.getByRole('button', { name: 'Выгрузить CSV' }).boundingBox();
      const content = await page.locator('.ant-tabs').first().boundingBox();
      if (!box || !content) throw new Error('audit log not laid out');
      expect(box.x + box.width, `${viewport.width}`).toBeLessThanOrEqual(content.x + content.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${viewport.width}`).toBeLessThanOrEqual(
        viewport.width,
      );
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Выгрузить CSV' }).click();
    const lines = readFileSync(await (await download).path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Id;Когда;Id автора;Кто;Действие;Объект;Id объекта;IP;До;После');
    const actionCells = lines.slice(1).map((line) => line.split(';')[4] ?? '');
    expect(actionCells).toContain('Вход');
    for (const cell of actionCells) expect(cell).not.toMatch(CODE);
  });
});
