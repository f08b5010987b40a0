import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { createPlan, createPlannerUser, grant, pickOption } from './subscriptions-data';

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;

test.describe("users' subscriptions", () => {
  test('filters live in the URL and survive a reload', async ({ page, login }) => {
    const { apiToken } = await login();
    const plan = await createPlan(apiToken);
    const vera = await createPlannerUser(apiToken, 'Вера', '+79161234567');
    const oleg = await createPlannerUser(apiToken, 'Олег');
    await grant(apiToken, vera.id, plan.id);
    await grant(apiToken, oleg.id, plan.id);

    await page.goto('/app/subscriptions/items');
    await expect(page.getByRole('heading', { name: 'Подписки пользователей', exact: true })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: vera.email })).toBeVisible();
    await expect(table.getByRole('link', { name: oleg.email })).toBeVisible();
    await page.screenshot({ path: shots('subscriptions-items'), fullPage: true });

    await page.getByLabel('ID пользователя').fill(String(vera.id));
    await page.getByLabel('ID пользователя').press('Enter');
    await page.getByLabel('Статус').click();
    await pickOption(page, 'Активна');
    await page.keyboard.press('Escape');

    await expect(page).toHaveURL(new RegExp(`[?&]owner=${vera.id}(&|$)`));
    await expect(page).toHaveURL(/[?&]status=active(&|$)/);
    await expect(table.getByRole('link', { name: vera.email })).toHaveAttribute('href', `/app/users/${vera.id}`);
    await expect(table.getByRole('link', { name: oleg.email })).toHaveCount(0);
    await expect(table.getByText(plan.title)).toBeVisible();
    await expect(table.getByText('+79161234567')).toBeVisible();
    await expect(table.getByText('Активна')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('ID пользователя')).toHaveValue(String(vera.id));
    await expect(table.getByRole('link', { name: vera.email })).toBeVisible();
    await expect(table.getByRole('link', { name: oleg.email })).toHaveCount(0);

    await page.getByRole('button', { name: 'Сбросить' }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions\/items$/);
    await expect(table.getByRole('link', { name: oleg.email })).toBeVisible();
  });

  test("the section page leads to plans and to users' subscriptions", async ({ page, login }) => {
    await login(ACCOUNTS.editor);
    await page.goto('/app/subscriptions');
    await expect(page.getByRole('heading', { name: 'Подписки', exact: true })).toBeVisible();
    const plans = page.getByRole('region', { name: 'Доступные подписки' });
    await expect(plans.getByText('Тарифов', { exact: true })).toBeVisible();
    await page.screenshot({ path: shots('subscriptions-overview'), fullPage: true });
    await page.getByRole('region', { name: 'Подписки пользователей' }).getByRole('link', { name: 'Открыть' }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions\/items$/);
    await page.goBack();
    await plans.getByRole('link', { name: 'Открыть' }).click();
    await expect(page).toHaveURL(/\/app\/subscriptions\/desc$/);
  });
});
