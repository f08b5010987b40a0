import type { PeoplePage } from '@pult/contract';
import { apiAs, expect as baseExpect, test } from '../fixtures';
import { activateAsPlanner, createGeneratedSeries, firstCodes } from './promo-api';

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
    // Other workers of the same run add users all the while (imports add hundreds): a figure and its list
    // are compared only when read together, and the person looked for is any row, not this test's user.
    const people = (query: { take: number; page: number }) =>
      client.dashboard.people({ query: { figure: 'usersNew', from: data.from, to: data.to, ...query } });
    await expect
      .poll(async () => {
        const [list, figures] = await Promise.all([
          people({ take: 1, page: 1 }),
          client.dashboard.data({ query: { period: 30 } }),
        ]);
        return list.count - figures.users.new.current;
      })
      .toBe(0);

    await page.goto('/app/home');
    const kpis = page.getByTestId('home-kpis');
    const total = kpis.getByRole('button', { name: /^Всего пользователей:/ });
    const newUsers = kpis.getByRole('button', { name: /^Новые пользователи:/ });
    await expect(newUsers).toHaveText(/^\d[\d\s]*$/);
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
    expect(body.count).toBeGreaterThanOrEqual(1);
    const drawer = page.getByRole('dialog', { name: 'Новые пользователи' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('people-count')).toHaveText(`Всего: ${count(body.count)}`);
    await expect(drawer.getByText('зарегистрированные за период')).toBeVisible();
    const first = body.items[0];
    if (!first) throw new Error('the list of new users is empty');
    await expect(drawer.getByRole('link', { name: first.email })).toBeVisible();
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
    expect(lines.length - 1).toBeGreaterThanOrEqual(body.count);
    expect(lines.some((line) => line.includes(`;${user.id};${user.email};`))).toBe(true);

    // Closed, the focus goes back to the figure that opened it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(newUsers).toBeFocused();

    await newUsers.click();
    await drawer.getByRole('link', { name: first.email }).click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${first.userId}$`));
    await expect(page.getByText(first.email).first()).toBeVisible();
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

  test("the promo funnel's activations open the people of their series, as CSV too, and a row leads to the user", async ({
    page,
    login,
  }) => {
    const session = await login();
    const client = apiAs(session.apiToken);
    // An activation of a series of this test's own, today, so the funnel has a row whatever else ran.
    const series = await createGeneratedSeries(session.apiToken, { codesCount: 3, name: `Воронка ${Date.now()}` });
    const [code] = await firstCodes(session.apiToken, series.id, 1);
    if (!code) throw new Error('the series has no codes');
    await activateAsPlanner(code);

    await page.goto('/app/home');
    const funnel = page.getByTestId('promo-funnel');
    // The funnel's first row, whichever series it is: its «За период» figure is a button named for it.
    const inPeriod = funnel.getByRole('button', { name: /^За период в серии «.+»: \d/ }).first();
    await expect(inPeriod).toBeVisible();
    const name = (await inPeriod.getAttribute('aria-label')) ?? '';
    const seriesName = /^За период в серии «(.+)»: [\d\s]+\. Показать/.exec(name)?.[1];
    if (!seriesName) throw new Error(`unexpected name ${name}`);
    const listed = page.waitForResponse(
      (r) =>
        r.url().includes('/api/analytics/people?') &&
        r.url().includes('figure=promoActivations') &&
        r.url().includes('seriesId='),
    );
    await inPeriod.click();
    const answer = await listed;
    expect(answer.status()).toBe(200);
    const seriesId = Number(new URL(answer.url()).searchParams.get('seriesId'));
    const body = (await answer.json()) as PeoplePage;
    expect(body.count).toBeGreaterThanOrEqual(1);
    for (const item of body.items) expect(item.seriesId).toBe(seriesId);
    const drawer = page.getByRole('dialog', { name: `Активации промокодов — ${seriesName}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('people-count')).toHaveText(`Всего: ${count(body.count)}`);
    // The figure and its list agree when read together (other workers may activate codes meanwhile).
    const data = await client.dashboard.data({ query: { period: 30 } });
    await expect
      .poll(async () => {
        const [list, figures] = await Promise.all([
          client.dashboard.people({
            query: { figure: 'promoActivations', seriesId, from: data.from, to: data.to, take: 1, page: 1 },
          }),
          client.dashboard.data({ query: { period: 30 } }),
        ]);
        const row = figures.promo.funnel.find((r) => r.seriesId === seriesId);
        return row ? list.count - row.activatedInPeriod : 'not in the funnel';
      })
      .toBe(0);
    const first = body.items[0];
    if (!first?.userId) throw new Error('the first activation has no user');
    await page.screenshot({ path: shots('home-people-promo-activations') });

    const downloaded = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Скачать CSV' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^people-promoActivations-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await (await import('node:fs/promises')).readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Время;ID записи;ID пользователя;E-mail;ID тарифа;Сумма, коп.;ID серии;Причина');
    expect(lines.some((line) => line.startsWith(`${first.at};${first.id};${first.userId};`))).toBe(true);
    for (const line of lines.slice(1)) expect(line.split(';')[6]).toBe(String(seriesId));

    // Closed, the focus goes back to the figure; opened again, a row leads to its user.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(inPeriod).toBeFocused();
    await inPeriod.click();
    await drawer.getByRole('link', { name: first.email }).click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${first.userId}$`));
    await expect(page.getByText(first.email).first()).toBeVisible();
  });

  test('the push counts open their deliveries', async ({ page, login }) => {
    await login();
    await page.goto('/app/home');
    const push = page.getByTestId('home-push');
    const sent = push.getByRole('button', { name: /^Push-уведомления: Отправлено: \d/ });
    await expect(sent).toBeVisible();
    const listed = page.waitForResponse(
      (r) => r.url().includes('/api/analytics/people?') && r.url().includes('figure=pushSent'),
    );
    await sent.click();
    expect((await listed).status()).toBe(200);
    const drawer = page.getByRole('dialog', { name: 'Отправленные push-уведомления' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('запланированных на дни периода')).toBeVisible();
    await expect(drawer.getByTestId('people-count')).toHaveText(/^Всего: /);
    await page.keyboard.press('Escape');
    await expect(sent).toBeFocused();
  });
});
