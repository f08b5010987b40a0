import { ACCOUNTS } from '../accounts';
import { apiAs, expect, storeThemeOnEveryLoad, test } from '../fixtures';
import { createGeneratedSeries, firstCodes } from './promo-api';
import { createPlannerUser } from './subscriptions-data';

test.describe.configure({ timeout: 90_000 });

/** The computed direction of every element whose own text is exactly `text`. */
const directionsOf = (page: import('@playwright/test').Page, text: string) =>
  page.getByText(text, { exact: true }).evaluateAll((elements) => elements.map((el) => getComputedStyle(el).direction));

// On an RTL page «+79991234567» must not turn into «79991234567+»: phones, e-mails and codes stay LTR.
test('phone numbers, e-mails and codes read left to right on RTL pages', async ({ page, login }) => {
  const session = await login();
  await storeThemeOnEveryLoad(page, { direction: 'rtl' });
  const admin = ACCOUNTS.admin;

  await page.goto(`/app/users?q=${encodeURIComponent(admin.email)}&in=email`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The row whose e-mail cell is the admin's exactly: other files create e-mails that contain it
  // (users-table-fit's «…-admin@pult.test»), and the search finds them too.
  const row = page
    .locator('.users-table tr.lite-table-row')
    .filter({ has: page.getByRole('cell', { name: admin.email, exact: true }) });
  await expect(row).toHaveCount(1);
  // The header's profile button and the table row both show the phone and the e-mail.
  await expect(row.getByText(admin.phone, { exact: true })).toBeVisible();
  await expect(page.locator('.profile-trigger').getByText(admin.phone, { exact: true })).toBeVisible();
  for (const text of [admin.phone, admin.email]) {
    const directions = await directionsOf(page, text);
    expect(directions.length, text).toBeGreaterThanOrEqual(2);
    expect([...new Set(directions)], text).toEqual(['ltr']);
  }

  const series = await createGeneratedSeries(session.apiToken, { codesCount: 2 });
  const [code = ''] = await firstCodes(session.apiToken, series.id, 1);
  await page.goto(`/app/promo-codes/${series.id}`);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  expect([...new Set(await directionsOf(page, code))]).toEqual(['ltr']);
});

/**
 * Whether `number` is drawn to the left of `unit` inside `locator`'s text: the order a reader of the
 * (left-to-right) language expects, «365 дней», which a bare RTL page turns into «дней 365».
 */
const numberBeforeUnit = (locator: import('@playwright/test').Locator, number: string, unit: string) =>
  locator.evaluate(
    (element, [n, u]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const at = text.indexOf(n);
        const unitAt = text.indexOf(u);
        if (at < 0 || unitAt < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + n.length);
        const numberLeft = range.getBoundingClientRect().left;
        range.setStart(node, unitAt);
        range.setEnd(node, unitAt + u.length);
        return numberLeft < range.getBoundingClientRect().left;
      }
      throw new Error(`no text with «${n}» and «${u}»`);
    },
    [number, unit] as const,
  );

test('numbers keep their units after them on RTL pages, and chart labels stay clear of the bars', async ({
  page,
  login,
}) => {
  const session = await login();
  await storeThemeOnEveryLoad(page, { direction: 'rtl' });
  const series = await createGeneratedSeries(session.apiToken, { codesCount: 2, durationDays: 365 });
  // An active subscription, so the dashboard's «by plan» chart has a bar and a label.
  const plans = await apiAs(session.apiToken).plans.list();
  const plan = plans.items.find((item) => item.enabled);
  if (!plan) throw new Error('no enabled plan');
  const planner = await createPlannerUser(session.apiToken, 'Ртл');
  await apiAs(session.apiToken).subscriptions.grant({ params: { userId: planner.id, planId: plan.id } });

  await page.goto(`/app/promo-codes?name=${encodeURIComponent(series.name)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.getByRole('row', { name: new RegExp(series.name) });
  const duration = row.getByText('365 дней', { exact: true });
  await expect(duration).toBeVisible();
  expect(await numberBeforeUnit(duration, '365', 'дней')).toBe(true);

  await page.goto('/app/home?period=7');
  const period = page.locator('.ant-segmented').getByText('90 дней', { exact: true });
  await expect(period).toBeVisible();
  expect(await numberBeforeUnit(period, '90', 'дней')).toBe(true);
  // «0 %», not «% 0», in the churn figure and in what it was before.
  const churn = page.getByTestId('home-kpis').locator('.ant-card').filter({ hasText: 'Отток' });
  await expect(churn.locator('.ant-statistic-content')).toHaveText(/%/);
  expect(await numberBeforeUnit(churn.locator('.ant-statistic-content'), '0', '%')).toBe(true);
  expect(await numberBeforeUnit(churn.getByText(/^было /), '0', '%')).toBe(true);
  // The MRR card's money: «0,00 ₽», not «₽ 0,00» (and a negative amount keeps its minus in front).
  const mrr = page.getByTestId('mrr-movements');
  for (const money of [mrr.locator('.mrr-figure').first(), mrr.locator('.mrr-net .ant-statistic-content').first()]) {
    await expect(money).toHaveText(/₽/);
    expect(await numberBeforeUnit(money, ',', '₽')).toBe(true);
  }

  // The «by plan» chart is mirrored, its labels beside the bars, not over them. Charts below the fold are
  // drawn as they come near the view (features/home/components/later.tsx).
  const card = page.locator('.ant-card').filter({ hasText: 'Активные подписки по тарифам' });
  await card.scrollIntoViewIfNeeded();
  const chart = card.locator('svg.recharts-surface');
  const label = chart.locator('.recharts-yAxis-tick-labels text').first();
  const bar = chart.locator('.recharts-bar-rectangle path').first();
  await expect(label).toBeVisible();
  await expect(bar).toBeVisible();
  const [labelBox, barBox] = [await label.boundingBox(), await bar.boundingBox()];
  if (!labelBox || !barBox) throw new Error('the chart has no label or bar');
  // Mirrored: the bar grows from the right edge leftwards, the label stands to its right.
  expect(labelBox.x).toBeGreaterThanOrEqual(barBox.x + barBox.width - 1);
});
