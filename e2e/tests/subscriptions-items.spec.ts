import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { createPlan, createPlannerUser, grant, pickOption } from './subscriptions-data';

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;

test.describe("users' subscriptions", () => {
  test('filters live in the URL and survive a reload', async ({ page, login }) => {
    const { apiToken } = await login();
    const plan = await createPlan(apiToken);
    // A phone of her own, so the search by it finds her alone among the other tests' users.
    const digits = String(Date.now()).slice(-7);
    const phone = `+7916${digits}`;
    const vera = await createPlannerUser(apiToken, 'Вера', phone);
    const oleg = await createPlannerUser(apiToken, 'Олег');
    await grant(apiToken, vera.id, plan.id);
    await grant(apiToken, oleg.id, plan.id);

    await page.goto('/app/subscriptions/items');
    await expect(page.getByRole('heading', { name: 'Подписки пользователей', exact: true })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: vera.email })).toBeVisible();
    await expect(table.getByRole('link', { name: oleg.email })).toBeVisible();
    await page.screenshot({ path: shots('subscriptions-items'), fullPage: true });

    // The owner by her phone, typed the Russian way; the list follows when typing pauses.
    const typed = `8 916 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    await page.getByLabel('Пользователь').fill(typed);
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe(typed);
    await page.getByLabel('Статус').click();
    await pickOption(page, 'Активна');
    await page.keyboard.press('Escape');

    await expect(page).toHaveURL(/[?&]status=active(&|$)/);
    await expect(table.getByRole('link', { name: vera.email })).toHaveAttribute('href', `/app/users/${vera.id}`);
    await expect(table.getByRole('link', { name: oleg.email })).toHaveCount(0);
    await expect(table.getByText(plan.title)).toBeVisible();
    await expect(table.getByText(phone)).toBeVisible();
    await expect(table.getByText('Активна')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Пользователь')).toHaveValue(typed);
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
