import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { activateAsPlanner, createGeneratedSeries, firstCodes } from './promo-api';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

test('an activated code is found by text and blocked after confirmation', async ({ page, login }) => {
  // Generating a series and signing in as two users before the browser starts: slow on a busy machine.
  test.slow();
  const session = await login();
  const series = await createGeneratedSeries(session.apiToken);
  const [used, other] = await firstCodes(session.apiToken, series.id, 2);
  if (!used || !other) throw new Error('the series has no codes');
  await activateAsPlanner(used);
  await activateAsPlanner(other);

  await page.goto(`/app/promo-codes/${series.id}`);
  await page.getByRole('tab', { name: 'Активированные коды' }).click();
  await expect(page).toHaveURL(/tab=activated/);
  const table = page.getByRole('tabpanel').getByRole('table');
  await expect(table.locator('tr[data-row-key]')).toHaveCount(2);
  await expect(table).toContainText(ACCOUNTS.planner.email);

  // The planner's e-mail matches both; the code itself only one.
  await page.getByLabel('Код, e-mail или телефон').fill(used.toLowerCase());
  await expect(table.locator('tr[data-row-key]')).toHaveCount(1);
  const row = table.getByRole('row', { name: new RegExp(used) });
  await expect(row).toContainText('Активирован');

  await row.getByRole('button', { name: `Заблокировать код ${used}` }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toContainText(`Заблокировать код ${used}?`);
  await page.screenshot({ path: shots('promo-activated') });
  await confirm.getByRole('button', { name: 'Заблокировать' }).click();

  await expect(row).toContainText('Заблокирован');
  await expect(row.getByRole('button', { name: `Заблокировать код ${used}` })).toHaveCount(0);
  await expect(page.getByText(`Код ${used} заблокирован`)).toBeVisible();
  // The header counters follow.
  const blocked = page.locator('.promo-stat').filter({ hasText: 'Заблокировано' });
  await expect(blocked).toContainText('1');

  // The status filter shows only blocked codes.
  await page.getByLabel('Код, e-mail или телефон').fill('');
  await page.getByText('Заблокированные', { exact: true }).click();
  await expect(table.locator('tr[data-row-key]')).toHaveCount(1);
  await expect(table).toContainText(used);
});
