import type { CohortsResponse } from '@pult/contract';
import { analyzeWithAxe } from '../axe';
import { apiAs, expect as baseExpect, storeThemeOnEveryLoad, test } from '../fixtures';
import { activateAsPlanner, createGeneratedSeries, firstCodes } from './promo-api';

// The machine is shared with other suites; first paints can take a while under load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;
const COLOUR_RULES = ['color-contrast', 'aria-allowed-attr', 'aria-prohibited-attr'];
const rub = (kopecks: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).format(Math.round(kopecks) / 100);

/**
 * Purchases (and a month's wait) cannot be made through the API, so a grid with shares is answered by
 * the test (by month, which nothing else here asks for): what is under test is how the SPA writes it.
 */
const matured: CohortsResponse = {
  by: 'month',
  asOf: new Date().toISOString(),
  today: '2025-06-01',
  policies: { refunds: 'onRefundDay', promoGrantsAsSubscribers: true },
  items: [
    {
      key: '2025-01',
      label: '2025-01',
      size: 7,
      revenue: 1076400,
      ltv: 1076400 / 7,
      cells: Array.from({ length: 12 }, (_, i) => ({
        age: i + 1,
        eligible: i < 4 ? 7 : 0,
        retained: [7, 4, 3, 1][i] ?? 0,
        share: i < 4 ? ([7, 4, 3, 1][i] ?? 0) / 7 : null,
        ltv: i < 4 ? 1016600 / 7 : null,
      })),
    },
  ],
};

test.describe('Cohorts on the home screen', () => {
  test('by promo series: a new series’ cohort, as the API counts it, under the written definition', async ({
    page,
    login,
  }) => {
    const session = await login();
    const client = apiAs(session.apiToken);
    const series = await createGeneratedSeries(session.apiToken);
    const [code] = await firstCodes(session.apiToken, series.id, 1);
    if (!code) throw new Error('the series generated no codes');
    await activateAsPlanner(code);
    // The rollup job rebuilds a small grid at each run (every 30 s): wait for the series to be in it.
    let answer: CohortsResponse | undefined;
    await expect
      .poll(
        async () => {
          answer = await client.dashboard.cohorts({ query: { by: 'promoSeries' } });
          return answer.items.some((row) => row.key === String(series.id));
        },
        { timeout: 100_000, intervals: [2_000] },
      )
      .toBe(true);
    const row = answer?.items.find((item) => item.key === String(series.id));
    if (!row) throw new Error('no row for the series');

    await page.route('**/api/analytics/cohorts?by=month', (route) => route.fulfill({ json: matured }));
    await page.goto('/app/home');
    const card = page.getByTestId('cohorts');
    await expect(card.getByText('Когорты', { exact: true })).toBeVisible();
    await expect(card.getByTestId('cohorts-definition')).toContainText('Подписан через k месяцев');
    await card.locator('.ant-segmented').getByText('Серия промокодов', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]cohorts=promoSeries/);
    const line = card.getByRole('row', { name: new RegExp(series.name) });
    await expect(line).toBeVisible();
    await expect(line.getByRole('cell').nth(1)).toHaveText(String(row.size));
    await expect(card.getByTestId(`cohort-ltv-${row.key}`)).toHaveText(rub(row.ltv));
    // A month after today has not come for anyone yet: the API has no share, the cell says so.
    expect(row.cells[0]?.share).toBeNull();
    await expect(line.getByRole('cell').nth(3)).toHaveText('—1 мес. ещё не прошло');
    await page.screenshot({ path: shots('cohorts-promo') });

    await card.locator('.ant-segmented').getByText('Месяц первой оплаты', { exact: true }).click();
    await expect(page).not.toHaveURL(/cohorts=/);
    const first = card.getByTestId('cohort-cell-2025-01-1');
    await expect(first).toHaveText('100 %');
    await expect(first).toHaveAttribute(
      'title',
      `Подписаны 7 из 7 через 1 мес.; LTV к этому сроку ${rub(1016600 / 7)}`,
    );
    await expect(card.getByTestId('cohort-cell-2025-01-2')).toHaveText('57 %');
    await expect(card.getByTestId('cohort-cell-2025-01-4')).toHaveText('14 %');
    await expect(card.getByTestId('cohort-ltv-2025-01')).toHaveText(rub(1076400 / 7));
    expect((await analyzeWithAxe(page, { type: 'rule', values: COLOUR_RULES })).violations.map((v) => v.id)).toEqual(
      [],
    );
    // At 1280 px the page does not scroll sideways either.
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: shots('cohorts-month-1280') });
  });

  test('at 390 px in the dark theme, only the grid scrolls sideways, and the tinted cells keep contrast', async ({
    page,
    login,
  }) => {
    await login();
    await storeThemeOnEveryLoad(page, { currentTheme: 'dark' });
    await page.route('**/api/analytics/cohorts?by=month', (route) => route.fulfill({ json: matured }));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/home');
    const card = page.getByTestId('cohorts');
    await expect(card.getByTestId('cohort-cell-2025-01-1')).toHaveText('100 %');
    await card.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // The grid is wider than the screen and scrolls inside its own box.
    const inner = card.locator('.home-table-scroll');
    const sizes = await inner.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect((await analyzeWithAxe(page, { type: 'rule', values: COLOUR_RULES })).violations.map((v) => v.id)).toEqual(
      [],
    );
    await page.screenshot({ path: shots('cohorts-390-dark') });
  });
});
