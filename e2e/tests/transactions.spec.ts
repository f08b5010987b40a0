import { expect, test } from '../fixtures';
import { apiAs, createPlan, createPlannerUser, grant, pickOption } from './subscriptions-data';

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

    // The user by their e-mail, applied when typing pauses: no «Применить», as on every list.
    await page.getByLabel('Пользователь').fill(anna.email);
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe(anna.email);
    await page.getByLabel('Тип').click();
    await pickOption(page, 'Выдача');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]kind=grant(&|$)/);
    await expect(page.getByRole('button', { name: 'Применить' })).toHaveCount(0);

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
    await expect(page.getByLabel('Пользователь')).toHaveValue(anna.email);
    await expect(summary).toContainText(/Транзакций\s*2/);
    await expect(table.getByRole('link', { name: anna.email })).toHaveCount(2);
  });

  test('amounts are typed in roubles and sent in kopecks', async ({ page, login }) => {
    const { apiToken } = await login();
    const plan = await createPlan(apiToken);
    const gleb = await createPlannerUser(apiToken, 'Глеб');
    await grant(apiToken, gleb.id, plan.id);

    // A shared link opens with its filters.
    await page.goto(`/app/transactions?user=${encodeURIComponent(gleb.email)}`);
    await expect(page.getByLabel('Пользователь')).toHaveValue(gleb.email);
    const summary = page.getByRole('region', { name: 'Итоги по выборке' });
    await expect(summary).toContainText(/Транзакций\s*1/);

    // Grants are free, so «from 1 ₽» (100 kopecks) finds none. Every request is recorded from here
    // on, so the check cannot miss one that is sent before a listener would be attached.
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await page.getByLabel('Сумма от, ₽').fill('1');
    await expect(page).toHaveURL(/[?&]amountMin=1(&|$)/);
    await expect(summary).toContainText(/Транзакций\s*0/);
    expect(sent.some((url) => /\/api\/transactions\/summary\?.*amountFrom=100(&|$)/.test(url))).toBe(true);
    await expect(page.getByText('Нет транзакций с такими условиями')).toBeVisible();
  });

  test('sorts by date on the server, the order kept in the URL', async ({ page, login }) => {
    const { apiToken } = await login();
    const plan = await createPlan(apiToken);
    // Two users only this test has: the user filter keeps their grants alone on the page.
    const marker = `sort${Date.now().toString(36)}`;
    const [first, second] = [
      await apiAs(apiToken).users.create({ body: { email: `${marker}-1@mail.test`, role: 'user' } }),
      await apiAs(apiToken).users.create({ body: { email: `${marker}-2@mail.test`, role: 'user' } }),
    ];
    await grant(apiToken, first.id, plan.id);
    await grant(apiToken, second.id, plan.id);

    await page.goto(`/app/transactions?user=${marker}`);
    const table = page.getByRole('table');
    const emails = table.getByRole('link', { name: new RegExp(marker) });
    await expect(emails).toHaveCount(2);
    // Newest first by default: the second grant leads.
    await expect(emails.first()).toHaveText(second.email);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await table.getByRole('columnheader', { name: 'Дата' }).click();
    await expect(page).toHaveURL(/[?&]sort=createdAt%3Aasc(&|$)/);
    await expect(emails.last()).toHaveText(second.email);
    expect(requests.some((url) => /\/api\/transactions\?.*sort=createdAt%3Aasc/.test(url))).toBe(true);
    await expect(table.getByRole('columnheader', { name: 'Дата' })).toHaveAttribute('aria-sort', 'ascending');
  });
});
