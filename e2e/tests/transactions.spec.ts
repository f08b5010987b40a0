import { expect, test } from '../fixtures';
import { createPlan, createPlannerUser, grant, pickOption } from './subscriptions-data';

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;

test.describe('transactions', () => {
  test('filters survive a reload and the summary counts the filtered set', async ({ page, login }) => {
    const { apiToken } = await login();
    const plan = await createPlan(apiToken);
    const anna = await createPlannerUser(apiToken, 'Анна');
    const boris = await createPlannerUser(apiToken, 'Борис');
    await grant(apiToken, anna.id, plan.id);
    await grant(apiToken, anna.id, plan.id);
    await grant(apiToken, boris.id, plan.id);

    await page.goto('/app/transactions');
    await expect(page.getByRole('heading', { name: 'Транзакции', exact: true })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: boris.email })).toBeVisible();

    await page.getByLabel('ID пользователя').fill(String(anna.id));
    await page.getByLabel('ID пользователя').press('Enter');
    await page.getByLabel('Тип').click();
    await pickOption(page, 'Выдача');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`[?&]userId=${anna.id}(&|$)`));
    await expect(page).toHaveURL(/[?&]kind=grant(&|$)/);

    const summary = page.getByRole('region', { name: 'Итоги по выборке' });
    await expect(summary.getByText('Транзакций')).toBeVisible();
    await expect(summary).toContainText(/Транзакций\s*2/);
    await expect(summary).toContainText(/Итого\s*0,00\s₽/);
    await expect(table.getByRole('link', { name: anna.email })).toHaveCount(2);
    await expect(table.getByRole('link', { name: boris.email })).toHaveCount(0);
    await expect(table.getByRole('link', { name: anna.email }).first()).toHaveAttribute(
      'href',
      `/app/users/${anna.id}`,
    );
    await page.screenshot({ path: shots('transactions'), fullPage: true });

    await page.reload();
    await expect(page.getByLabel('ID пользователя')).toHaveValue(String(anna.id));
    await expect(summary).toContainText(/Транзакций\s*2/);
    await expect(table.getByRole('link', { name: anna.email })).toHaveCount(2);
  });

  test('amounts are typed in roubles and sent in kopecks', async ({ page, login }) => {
    const { apiToken } = await login();
    const plan = await createPlan(apiToken);
    const gleb = await createPlannerUser(apiToken, 'Глеб');
    await grant(apiToken, gleb.id, plan.id);

    // A shared link opens with its filters.
    await page.goto(`/app/transactions?userId=${gleb.id}`);
    await expect(page.getByLabel('ID пользователя')).toHaveValue(String(gleb.id));
    const summary = page.getByRole('region', { name: 'Итоги по выборке' });
    await expect(summary).toContainText(/Транзакций\s*1/);

    // Grants are free, so «from 1 ₽» (100 kopecks) finds none. Every request is recorded from here
    // on, so the check cannot miss one that is sent before a listener would be attached.
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await page.getByLabel('Сумма от, ₽').fill('1');
    await page.getByLabel('Сумма от, ₽').press('Enter');
    await expect(page).toHaveURL(/[?&]amountMin=1(&|$)/);
    await expect(summary).toContainText(/Транзакций\s*0/);
    expect(sent.some((url) => /\/api\/transactions\/summary\?.*amountMin=100(&|$)/.test(url))).toBe(true);
    await expect(page.getByText('Нет транзакций с такими условиями')).toBeVisible();
  });
});
