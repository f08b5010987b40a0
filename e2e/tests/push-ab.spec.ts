import type { Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { scheduleInAMinute } from './push-schedule';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('an A/B push on a phone: two texts with their shares, a holdout and a rest, then the texts compared', async ({
  page,
  login,
}) => {
  test.slow();
  const run = Date.now();
  // A planner phone, so the audience is not empty.
  const planner = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.planner.email, password: ACCOUNTS.planner.password } }),
  );
  await apiAs(planner.apiToken).client.registerDevice({
    body: { token: `e2e-ab-${run}`, platform: 'android', timeZone: 'Europe/Moscow' },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await login(ACCOUNTS.editor);
  await page.goto('/app/push-notifications');
  await page.getByRole('button', { name: 'Новое уведомление' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Новое push-уведомление' });
  const title = `A/B ${run}`;
  await drawer.getByLabel('Заголовок', { exact: true }).fill(title);
  await drawer.getByLabel('Текст', { exact: true }).fill('Первый текст');

  await drawer.getByRole('checkbox', { name: 'A/B-тест вариантов' }).check();
  await drawer.getByLabel('Заголовок B').fill(`Другой заголовок ${run}`);
  await drawer.getByLabel('Текст B').fill('Второй текст');
  // Shares that add up to more than all of the audience are refused as they are typed.
  const shareA = drawer.getByRole('spinbutton', { name: 'Доля A' });
  const shareB = drawer.getByRole('spinbutton', { name: 'Доля B' });
  await shareA.fill('60');
  await shareB.fill('50');
  await expect(drawer.getByTestId('ab-rest')).toHaveText('Доли и контрольная группа вместе больше 100 %.');
  await shareA.fill('40');
  await shareB.fill('40');
  await drawer.getByRole('spinbutton', { name: 'Контрольная группа' }).fill('10');
  await expect(drawer.getByTestId('ab-rest')).toHaveText('Остальные 10 % получат победителя после теста.');
  // The message of the share typed first goes once another share fixed the total.
  await expect(drawer.getByText('Доли и контрольная группа вместе больше 100 %.')).toHaveCount(0);
  await drawer.getByRole('spinbutton', { name: 'Длительность теста, часов' }).fill('2');
  await fits(page, 390);
  await page.screenshot({ path: shots('push-ab-compose-390'), fullPage: true });

  await scheduleInAMinute(drawer);

  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByText('Отправлено', { exact: true })).toBeVisible({ timeout: 150_000 });
  const results = detail.getByTestId('variant-results');
  await expect(results.getByRole('heading', { name: 'Сравнение вариантов' })).toBeVisible();
  await expect(results.getByRole('row', { name: new RegExp(`A · ${title}`) })).toContainText('40 %');
  await expect(results.getByRole('row', { name: new RegExp(`B · Другой заголовок ${run}`) })).toContainText('40 %');
  await expect(results).toContainText('Контрольная группа: 10 %.');

  // What the server says decides what the screen must show: the rest waits until the window ends.
  const editor = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } }),
  );
  const list = await apiAs(editor.apiToken).push.list({ query: { take: 20 } });
  const created = list.items.find((item) => item.title === title);
  expect(created?.ab).toMatchObject({ split: [40, 40], holdout: 10, testHours: 2, winner: null });
  const state = await apiAs(editor.apiToken).push.get({ params: { id: created?.id ?? 0 } });
  expect(
    state.byVariant.reduce((n, v) => n + v.sent + v.skipped + v.failed, 0) +
      state.held +
      state.skippedBy.reduce((n, s) => n + (s.reason === 'holdout' ? s.count : 0), 0),
  ).toBe(state.targeted);
  // The funnel per text: each row carries its own counters, as the server counts them.
  const count = new Intl.NumberFormat('ru-RU');
  for (const variant of state.byVariant) {
    const row = results.getByRole('row', { name: new RegExp(`^${'ABCD'[variant.variant]} · `) });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(2, 7)).toEqual(
      [variant.targeted, variant.skipped, variant.sent, variant.failed, variant.opened].map((v) => count.format(v)),
    );
  }
  if (state.held > 0)
    await expect(results.getByRole('alert').or(results.locator('.ant-alert'))).toContainText('Отправить можно после');
  else await expect(results.locator('.ant-alert')).toHaveCount(0);
  await expect(results.getByRole('button', { name: 'Отправить победителя остальным' })).toHaveCount(0);
  await fits(page, 390);
  await page.screenshot({ path: shots('push-ab-results-390'), fullPage: true });
});
