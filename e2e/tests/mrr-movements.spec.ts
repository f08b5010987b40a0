import type { MrrMovementItem } from '@pult/contract';
import { apiAs, expect as baseExpect, test } from '../fixtures';
import { closeWithEscape } from '../look';

// The machine is shared with other suites; first paints can take a while under load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;
const rub = (kopecks: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).format(kopecks / 100);

test.describe('MRR movements on the home screen', () => {
  test('each figure opens the customers behind it, and a row leads to the user', async ({ page, login }) => {
    const session = await login();
    const client = apiAs(session.apiToken);
    const data = await client.dashboard.data({ query: { period: 30 } });
    const user = await client.users.create({
      body: { email: `mrr-${Date.now().toString(36)}@pult.test`, role: 'user' },
    });

    await page.goto('/app/home');
    const card = page.getByTestId('mrr-movements');
    await expect(card.getByText('Изменение MRR')).toBeVisible();
    // How fresh the movements are: the rollup job's last fold, or not yet (it runs every 30 s, and may
    // run between the API call above and the page's own).
    await expect(card.getByTestId('mrr-freshness')).toHaveText(
      /^(Обновлено \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|Ещё не посчитано)$/,
    );
    const churn = card.getByRole('button', { name: /^Отток:/ });
    await expect(churn).toHaveText(rub(data.mrrMovements.churn));
    await expect(card.locator('.mrr-net').first()).toContainText(rub(data.mrrMovements.net));
    // The quick ratio beside it (a dash while nothing was lost), and the period's waterfall.
    const m = data.mrrMovements;
    const lost = -(m.contraction + m.churn);
    const ratio =
      lost === 0
        ? '—'
        : new Intl.NumberFormat('ru-RU').format(
            Math.round(((m.new + m.expansion + m.reactivation) / lost) * 100) / 100,
          );
    await expect(card.getByTestId('mrr-quick-ratio')).toContainText(ratio);
    await expect(card.getByText('Как менялся MRR за период')).toBeVisible();
    // Its steps, opening to closing, on the axis (the bars of a period without purchases are empty).
    const waterfall = card.getByTestId('mrr-waterfall');
    await expect(waterfall).toBeVisible();
    await expect(waterfall).toContainText('MRR на начало');
    await expect(waterfall).toContainText('MRR на конец');

    // A real list from the server: the drawer asks for the period the dashboard answered.
    const listed = page.waitForResponse(
      (r) =>
        r.url().includes('/api/analytics/mrr-movements') &&
        r.url().includes('kind=new') &&
        r.url().includes(`from=${data.from}`),
    );
    await card.getByRole('button', { name: /^Новые:/ }).click();
    expect((await listed).status()).toBe(200);
    const drawer = page.getByRole('dialog', { name: 'Новые: клиенты' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Первая платная подписка клиента')).toBeVisible();
    await closeWithEscape(page, drawer);
    await expect(card.getByRole('button', { name: /^Новые:/ })).toBeFocused();

    // Purchases come from the payment providers, which the API does not take from staff, so the
    // churn list is answered here, for a real user: what is under test is the click-through.
    const item: MrrMovementItem = { userId: user.id, email: user.email, planId: null, amount: -29900, at: data.to };
    await page.route('**/api/analytics/mrr-movements?*', (route) =>
      route.fulfill({ json: { items: [item], count: 1 } }),
    );
    await churn.click();
    const churned = page.getByRole('dialog', { name: 'Отток: клиенты' });
    await expect(churned.getByRole('cell', { name: rub(-29900) })).toBeVisible();
    await page.screenshot({ path: shots('mrr-churn') });
    // The CSV comes from the server (every row of the figure, not the page): here its header.
    const downloaded = page.waitForEvent('download');
    await churned.getByRole('button', { name: 'Скачать CSV' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^mrr-churn-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await import('node:fs/promises')).readFile(await file.path(), 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'День;ID пользователя;E-mail;ID тарифа;Изменение MRR, коп.',
    );
    await churned.getByRole('link', { name: user.email }).click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${user.id}$`));
    await expect(page.getByText(user.email).first()).toBeVisible();
  });

  test('at 390 px the card and its list fit the screen', async ({ page, login }) => {
    await login();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/home');
    const card = page.getByTestId('mrr-movements');
    await card.getByRole('button', { name: /^Отток:/ }).click();
    await expect(page.getByRole('dialog', { name: 'Отток: клиенты' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
