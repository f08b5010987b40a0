import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { activateAsPlanner, createGeneratedSeries, firstCodes } from './promo-api';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

test('an activated code is found by text, links to its user, and only unused codes offer blocking', async ({
  page,
  login,
}) => {
  // Generating a series and signing in as two users before the browser starts: slow on a busy machine.
  test.slow();
  const session = await login();
  const series = await createGeneratedSeries(session.apiToken);
  const [used, other, fresh] = await firstCodes(session.apiToken, series.id, 3);
  if (!used || !other || !fresh) throw new Error('the series has no codes');
  await activateAsPlanner(used);
  await activateAsPlanner(other);

  // The generated list offers «Заблокировать» for the unused code only.
  await page.goto(`/app/promo-codes/${series.id}`);
  const table = page.getByRole('tabpanel').getByRole('table');
  // The series screen's chunk and its first page of codes: slow to arrive on a busy machine.
  await expect(table.locator(`tr[data-row-key="${fresh}"]`)).toContainText('Новый', { timeout: 30_000 });
  await expect(table.getByRole('button', { name: `Заблокировать код ${fresh}` })).toBeVisible();
  await expect(table.locator(`tr[data-row-key="${used}"]`)).toContainText('Активирован');
  await expect(table.getByRole('button', { name: `Заблокировать код ${used}` })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Выбрать ${used}` })).toBeDisabled();

  // Blocking the unused code, after a confirmation.
  const freshRow = table.locator(`tr[data-row-key="${fresh}"]`);
  await freshRow.getByRole('button', { name: `Заблокировать код ${fresh}` }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toContainText(`Заблокировать код ${fresh}?`);
  await confirm.getByRole('button', { name: 'Заблокировать' }).click();
  // The message first: it goes away after a few seconds.
  await expect(page.getByText(`Код ${fresh} заблокирован`)).toBeVisible();
  await expect(freshRow).toContainText('Заблокирован');
  await expect(freshRow.getByRole('button', { name: `Заблокировать код ${fresh}` })).toHaveCount(0);
  // The header counters follow.
  const blocked = page.locator('.promo-stat').filter({ hasText: 'Заблокировано' });
  await expect(blocked).toContainText('1');

  await page.getByRole('tab', { name: 'Активированные коды' }).click();
  await expect(page).toHaveURL(/tab=activated/);
  await expect(table.locator('tr[data-row-key]')).toHaveCount(3);
  await expect(table).toContainText(ACCOUNTS.planner.email);

  // The planner's e-mail matches both used codes; the code itself only one.
  await page.getByLabel('Код, e-mail или телефон').fill(used.toLowerCase());
  await expect(table.locator('tr[data-row-key]')).toHaveCount(1);
  const row = table.getByRole('row', { name: new RegExp(used) });
  await expect(row).toContainText('Активирован');
  // A used code cannot be blocked from here: its subscription is given already.
  await expect(row.getByRole('button', { name: /Заблокировать/ })).toHaveCount(0);
  await page.screenshot({ path: shots('promo-activated') });

  // The status filter shows only blocked codes.
  await page.getByLabel('Код, e-mail или телефон').fill('');
  await page.locator('.ant-segmented').getByText('Заблокированные', { exact: true }).click();
  await expect(table.locator('tr[data-row-key]')).toHaveCount(1);
  await expect(table).toContainText(fresh);

  // The user's e-mail opens the user.
  await page.locator('.ant-segmented').getByText('Все', { exact: true }).click();
  await expect(table.locator('tr[data-row-key]')).toHaveCount(3);
  await table.locator(`tr[data-row-key="${used}"]`).getByRole('link', { name: ACCOUNTS.planner.email }).click();
  await expect(page).toHaveURL(/\/app\/users\/\d+$/);
  await expect(page.getByText(ACCOUNTS.planner.email).first()).toBeVisible();
});
