import type { User } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect as baseExpect, test } from '../fixtures';
import { createGeneratedSeries, firstCodes, signIn } from './promo-api';

/** Undo of a bulk block of users and of codes (issue 32 item 5, docs/decisions/0043), on a phone-wide screen. */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

test('«Отменить» after a bulk block puts back the users it blocked, except one changed meanwhile', async ({
  page,
  login,
}) => {
  const session = await login();
  const client = apiAs(session.apiToken);
  const marker = `undo${Date.now().toString(36)}`;
  const made: User[] = [];
  for (const suffix of ['a', 'b', 'c'])
    made.push(await client.users.create({ body: { email: `${marker}-${suffix}@pult.test`, role: 'user' } }));
  const [a, b, c] = made as [User, User, User];

  await page.goto(`/app/users?q=${marker}&in=email`);
  const rows = page.locator('.users-table tr.lite-table-row');
  await expect(rows).toHaveCount(3, { timeout: 60_000 });
  for (const user of made) await page.getByRole('checkbox', { name: `Выбрать ${user.email}` }).check();
  const bar = page.getByRole('region', { name: 'Действия с выбранными' });
  await bar.getByRole('button', { name: 'Заблокировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Заблокировать выбранных (3)' });
  await expect(dialog.locator('[data-outcome="done"]')).toHaveText('3');
  await dialog.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(dialog).toContainText('Готово, изменено: 3');

  // The offer stays while the pointer is on it (the 10 s count pauses), long enough for someone else to act.
  const offer = page.locator('.ant-notification-notice').filter({ hasText: 'Заблокировано: 3' });
  await offer.hover();
  // Meanwhile someone else edits one of the blocked users: that one must stay as they left it.
  await client.users.update({ params: { id: b.id }, body: { firstName: 'Изменённый' } });
  await offer.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText(`Отменено: 2. Не тронуты, их уже изменили: ${b.email}`)).toBeVisible();

  const statuses = await Promise.all(
    made.map(async (user) => (await client.users.get({ params: { id: user.id } })).status),
  );
  expect(statuses).toEqual(['active', 'blocked', 'active']);
  await dialog.getByRole('button', { name: 'Готово', exact: true }).click();
  await expect(rows.filter({ hasText: a.email })).toContainText('Активен');
  await expect(rows.filter({ hasText: b.email })).toContainText('Заблокирован');
  await expect(rows.filter({ hasText: c.email })).toContainText('Активен');
});

test('«Отменить» after a bulk block of codes puts the codes back as they were', async ({ page, login }) => {
  const admin = await signIn(ACCOUNTS.admin);
  const series = await createGeneratedSeries(admin, { codesCount: 6 });
  const codes = await firstCodes(admin, series.id, 6);
  const chosen = codes.slice(0, 3);
  await login(ACCOUNTS.editor);
  await page.goto(`/app/promo-codes/${series.id}`);
  for (const code of chosen) await page.getByRole('checkbox', { name: `Выбрать ${code}` }).check();
  const bar = page.getByRole('region', { name: 'Действия с выбранными' });
  await bar.getByRole('button', { name: 'Заблокировать выбранные' }).click();
  const dialog = page.getByRole('dialog', { name: 'Заблокировать выбранные коды (3)' });
  await expect(dialog.locator('[data-outcome="done"]')).toHaveText('3');
  await dialog.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(dialog).toContainText('Готово, изменено: 3');

  const offer = page.locator('.ant-notification-notice').filter({ hasText: 'Заблокировано: 3' });
  await offer.hover();
  await offer.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Отменено: 3', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово', exact: true }).click();

  const rows = page.locator('tr.ant-table-row');
  for (const code of chosen) {
    await expect(rows.filter({ hasText: code })).toContainText('Новый');
    await expect(page.getByRole('checkbox', { name: `Выбрать ${code}` })).toBeEnabled();
  }
  expect((await apiAs(admin).promoCodes.get({ params: { id: series.id } })).blocked).toBe(0);
});
