import type { PeoplePage } from '@pult/contract';
import { apiAs, expect as baseExpect, test } from '../fixtures';

// The machine is shared with other suites; first paints can take a while under load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;
const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

test.describe('the people behind the home screen figures', () => {
  test('«Новые пользователи» opens by keyboard the people it counts, as CSV too, and a row leads to the user', async ({
    page,
    login,
  }) => {
    const session = await login();
    const client = apiAs(session.apiToken);
    const user = await client.users.create({
      body: { email: `people-${Date.now().toString(36)}@pult.test`, role: 'user' },
    });
    const data = await client.dashboard.data({ query: { period: 30 } });
    expect(data.users.new.current).toBeGreaterThanOrEqual(1);

    await page.goto('/app/home');
    const kpis = page.getByTestId('home-kpis');
    const total = kpis.getByRole('button', { name: /^Всего пользователей:/ });
    const newUsers = kpis.getByRole('button', { name: /^Новые пользователи:/ });
    await expect(newUsers).toHaveText(count(data.users.new.current));
    // Reached by Tab from the card before it, opened by Enter.
    await total.focus();
    await page.keyboard.press('Tab');
    await expect(newUsers).toBeFocused();
    const listed = page.waitForResponse(
      (r) =>
        r.url().includes('/api/analytics/people?') &&
        r.url().includes('figure=usersNew') &&
        r.url().includes(`from=${data.from}`) &&
        r.url().includes(`to=${data.to}`),
    );
    await page.keyboard.press('Enter');
    const answer = await listed;
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as PeoplePage;
    // The list holds exactly the people the card counts.
    expect(body.count).toBe(data.users.new.current);
    const drawer = page.getByRole('dialog', { name: 'Новые пользователи' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('people-count')).toHaveText(`Всего: ${count(data.users.new.current)}`);
    await expect(drawer.getByText('зарегистрированные за период')).toBeVisible();
    await expect(drawer.getByRole('link', { name: user.email })).toBeVisible();
    await page.screenshot({ path: shots('home-people-users-new') });

    // The CSV comes from the server: every row of the figure, the header in Russian.
    const downloaded = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Скачать CSV' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^people-usersNew-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await (await import('node:fs/promises')).readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Время;ID записи;ID пользователя;E-mail;ID тарифа;Сумма, коп.;ID серии;Причина');
    expect(lines.length - 1).toBe(data.users.new.current);

    // Closed, the focus goes back to the figure that opened it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(newUsers).toBeFocused();

    await newUsers.click();
    await drawer.getByRole('link', { name: user.email }).click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${user.id}$`));
    await expect(page.getByText(user.email).first()).toBeVisible();
  });

  test('the churn rate opens the churned subscriptions, and MRR (not a count of people) opens nothing', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/app/home');
    const kpis = page.getByTestId('home-kpis');
    await expect(kpis.locator('.kpi-card').first()).toBeVisible();
    await expect(kpis.getByRole('button', { name: /^MRR/ })).toHaveCount(0);
    await kpis.getByRole('button', { name: /^Отток:/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Ушедшие подписки (отток)' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Отток — их число, делённое на активные подписки')).toBeVisible();
  });
});
