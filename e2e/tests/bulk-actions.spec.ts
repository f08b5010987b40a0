import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect as baseExpect, test } from '../fixtures';
import { createGeneratedSeries, firstCodes, signIn } from './promo-api';

// The machine is shared with other suites; first paints can take a while under load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;

/** Four users whose e-mails share a fresh marker, so the filtered list holds exactly them. */
const fourUsers = async (token: string, prefix: string) => {
  const client = apiAs(token);
  const marker = `${prefix}${Date.now().toString(36)}`;
  const emails = ['a', 'b', 'c', 'd'].map((suffix) => `${marker}-${suffix}@pult.test`);
  for (const email of emails) await client.users.create({ body: { email, role: 'user' } });
  return { marker, emails };
};

/** The users list filtered to the marker; the first screen of a run waits for a cold server on a busy machine. */
const openUsers = async (page: Page, marker: string) => {
  await page.goto(`/app/users?q=${marker}&in=email`);
  const rows = page.locator('.users-table tr.lite-table-row');
  await expect(rows).toHaveCount(4, { timeout: 60_000 });
  return rows;
};

test.describe('bulk actions', () => {
  test('an admin chooses three users, previews the block, confirms and sees the summary and the statuses', async ({
    page,
    login,
  }) => {
    const session = await login();
    const { marker, emails } = await fourUsers(session.apiToken, 'bblk');
    const rows = await openUsers(page, marker);

    const chosen = emails.slice(0, 3);
    for (const email of chosen) await page.getByRole('checkbox', { name: `Выбрать ${email}` }).check();
    // Choosing does not open the user (the row's own click does).
    await expect(page).toHaveURL(/\/app\/users\?/);
    const bar = page.getByRole('region', { name: 'Действия с выбранными' });
    await expect(bar).toContainText('Выбрано: 3');

    await bar.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заблокировать выбранных (3)' });
    await expect(dialog.locator('[data-outcome="done"]')).toHaveText('3');
    await expect(dialog).toContainText('Изменится');
    await page.screenshot({ path: shots('bulk-users-preview') });
    // The preview changed nothing.
    await expect(rows.filter({ hasText: 'Заблокирован' })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(dialog).toContainText('Готово, изменено: 3');
    await expect(dialog.locator('[data-outcome="done"]')).toHaveText('3');
    await page.screenshot({ path: shots('bulk-users-result') });
    await dialog.getByRole('button', { name: 'Готово', exact: true }).click();
    await expect(dialog).toBeHidden();

    for (const email of chosen) await expect(rows.filter({ hasText: email })).toContainText('Заблокирован');
    await expect(rows.filter({ hasText: emails[3] ?? '' })).toContainText('Активен');
    await expect(bar).toBeHidden();

    // Blocking the same three again: the preview says nothing will change and offers nothing to confirm.
    for (const email of chosen) await page.getByRole('checkbox', { name: `Выбрать ${email}` }).check();
    await bar.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(dialog.locator('[data-outcome="unchanged"]')).toHaveText('3');
    await expect(dialog.getByRole('button', { name: 'Заблокировать' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(bar).toContainText('Выбрано: 3');
  });

  test('export selected downloads a CSV of exactly the chosen users', async ({ page, login }) => {
    const session = await login();
    const { marker, emails } = await fourUsers(session.apiToken, 'bexp');
    await openUsers(page, marker);
    const chosen = [emails[0] ?? '', emails[2] ?? ''];
    for (const email of chosen) await page.getByRole('checkbox', { name: `Выбрать ${email}` }).check();

    const download = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Действия с выбранными' })
      .getByRole('button', { name: 'Выгрузить выбранных' })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-.*\.csv$/);
    const lines = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]?.split(';') ?? [];
    const column = header.indexOf('Электронная почта');
    expect(column).toBeGreaterThan(-1);
    expect(lines.slice(1).map((line) => line.split(';')[column])).toEqual(chosen);
  });

  test('an editor can choose no users and sees no block action', async ({ page, login }) => {
    const admin = await signIn(ACCOUNTS.admin);
    const { marker } = await fourUsers(admin, 'bedt');
    await login(ACCOUNTS.editor);
    await openUsers(page, marker);
    await expect(page.locator('.users-table').getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Действия с выбранными' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Заблокировать' })).toHaveCount(0);
  });

  test('an editor blocks chosen codes of a series', async ({ page, login }) => {
    const admin = await signIn(ACCOUNTS.admin);
    const series = await createGeneratedSeries(admin, { codesCount: 10 });
    const codes = await firstCodes(admin, series.id, 10);
    await login(ACCOUNTS.editor);
    await page.goto(`/app/promo-codes/${series.id}`);
    const chosen = codes.slice(0, 3);
    for (const code of chosen) await page.getByRole('checkbox', { name: `Выбрать ${code}` }).check();
    const bar = page.getByRole('region', { name: 'Действия с выбранными' });
    await expect(bar).toContainText('Выбрано: 3');

    await bar.getByRole('button', { name: 'Заблокировать выбранные' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заблокировать выбранные коды (3)' });
    await expect(dialog.locator('[data-outcome="done"]')).toHaveText('3');
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(dialog).toContainText('Готово, изменено: 3');
    await dialog.getByRole('button', { name: 'Готово', exact: true }).click();

    const rows = page.locator('tr.ant-table-row');
    for (const code of chosen) {
      await expect(rows.filter({ hasText: code })).toContainText('Заблокирован');
      await expect(page.getByRole('checkbox', { name: `Выбрать ${code}` })).toBeDisabled();
    }
    await expect(rows.filter({ hasText: codes[3] ?? '' })).toContainText('Новый');
    const after = await apiAs(admin).promoCodes.get({ params: { id: series.id } });
    expect(after.blocked).toBe(3);
  });
});
