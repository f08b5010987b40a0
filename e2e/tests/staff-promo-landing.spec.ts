import { expect, test } from '../fixtures';
import { activateAsPlanner, createGeneratedSeries, firstCodes, signIn } from './promo-api';

test.describe.configure({ timeout: 90_000 });

test('«Активировать» on the public landing page checks the code and hands it to the planner app', async ({
  browser,
}) => {
  // The page allows no scripts: the check must work as a plain form, so the browser runs none either.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Set-up through the API; the landing page itself is public.
  const token = await signIn();
  const series = await createGeneratedSeries(token, { codesCount: 3 });
  const [valid = '', used = ''] = await firstCodes(token, series.id, 2);
  await activateAsPlanner(used);

  await page.goto(`/promo/${series.id}`);
  const field = page.getByRole('textbox', { name: 'Промокод' });
  await field.fill(valid.toLowerCase());
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page).toHaveURL(new RegExp(`/promo/${series.id}$`));
  const result = page.getByRole('status');
  await expect(result).toContainText('Код действителен');
  await expect(result.getByRole('link', { name: 'Открыть в приложении' })).toHaveAttribute(
    'href',
    `planner://promo?code=${valid}`,
  );
  await expect(field).toHaveValue(valid);

  await field.fill(used);
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByRole('status')).toContainText('уже активирован');
  await expect(page.getByRole('link', { name: 'Открыть в приложении' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Промокод' }).fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Активировать' }).click();
  await expect(page.getByRole('status')).toContainText('Такого кода нет');
  await context.close();
});
