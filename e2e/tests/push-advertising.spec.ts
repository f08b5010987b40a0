import type { Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { scheduleInAMinute } from './push-schedule';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

/** A planner account with a phone registered; `consent` is its answer to advertising, if any. */
async function plannerWithPhone(email: string, password: string, consent: boolean | null) {
  const session = sessionOf(await apiAs().auth.signin({ body: { email, password } }));
  const planner = apiAs(session.apiToken);
  await planner.client.registerDevice({
    body: {
      token: `e2e-ad-${email}-${Date.now()}`,
      platform: 'android',
      provider: 'rustore',
      timeZone: 'Europe/Moscow',
    },
  });
  if (consent !== null) await planner.client.recordConsent({ body: { type: 'advertising', granted: consent } });
  return session.id;
}

/** An antd select's own option (its role=option nodes are hidden mirrors), in the dropdown of `selectId`. */
const pick = (page: Page, selectId: string, title: RegExp) =>
  page
    .locator('.ant-select-dropdown', { has: page.locator(`#${selectId}_list`) })
    .getByTitle(title)
    .click();

test('an advertising push on a phone: the audience without consent, the send with the log provider, the funnel', async ({
  page,
  login,
}) => {
  test.slow();
  const run = Date.now();
  const admin = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } }),
  );
  // A second planner user who never consented, beside the seeded one who does.
  const other = { email: `no-ads-${run}@pult.test`, password: 'No-ads-pass-2024' };
  await apiAs(admin.apiToken).users.create({ body: { ...other, role: 'user' } });
  await plannerWithPhone(ACCOUNTS.planner.email, ACCOUNTS.planner.password, true);
  await plannerWithPhone(other.email, other.password, null);

  await page.setViewportSize({ width: 390, height: 844 });
  await login(ACCOUNTS.editor);
  await page.goto('/app/push-notifications');
  await page.getByRole('button', { name: 'Новое уведомление' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Новое push-уведомление' });
  const title = `Реклама ${run}`;
  await drawer.getByLabel('Заголовок').fill(title);
  await drawer.getByLabel('Текст').fill('Годовая подписка со скидкой 30%');
  // Service by default; advertising is a choice.
  await expect(drawer.getByRole('radio', { name: 'Сервисное' })).toBeChecked();
  await drawer.getByRole('radio', { name: 'Рекламное' }).check();
  await drawer.getByRole('radio', { name: 'Выбранные пользователи' }).check();
  const users = drawer.getByRole('combobox', { name: 'Пользователи' });
  await users.fill('planner@');
  await pick(page, 'userIds', /planner@pult\.test/);
  await users.fill(`no-ads-${run}`);
  await pick(page, 'userIds', new RegExp(`no-ads-${run}@pult\\.test`));
  const count = drawer.getByTestId('audience-count');
  await expect(count).toHaveText(/^Пользователей: 2 · устройств: \d+ · без согласия на рекламу: 1$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shots('push-advertising-compose-390'), fullPage: true });

  await scheduleInAMinute(drawer);
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByText('Рекламное')).toBeVisible();
  // The detail refreshes itself while the push goes; the funnel appears once it is sent.
  await expect(detail.getByText('Отправлено', { exact: true })).toBeVisible({ timeout: 150_000 });
  const funnel = detail.getByTestId('delivery-funnel');
  await expect(funnel.getByRole('heading', { name: 'Воронка доставки' })).toBeVisible();
  const rustore = funnel.getByRole('row', { name: /RuStore/ });
  // Targeted, skipped, sent, failed, opened for RuStore's devices: at least the two phones above.
  await expect(rustore.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
  await expect(rustore.getByRole('cell').nth(3)).toHaveText(/^[1-9]\d*$/);
  await expect(funnel.getByTestId('skipped-by').getByRole('row', { name: /Нет согласия на рекламу/ })).toBeVisible();
  const stats = detail.getByTestId('reminder-stats');
  await expect(stats).toContainText('Пропущено');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shots('push-advertising-funnel-390'), fullPage: true });
});
