import type { Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { holdRequests } from '../network';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

/** The planner account with two phones registered through the planner API; returns its user id. */
async function plannerWithDevices() {
  const session = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.planner.email, password: ACCOUNTS.planner.password } }),
  );
  const planner = apiAs(session.apiToken);
  const run = Date.now();
  await planner.client.registerDevice({
    body: { token: `e2e-android-${run}`, platform: 'android', timeZone: 'Europe/Moscow' },
  });
  await planner.client.registerDevice({
    body: { token: `e2e-ios-${run}`, platform: 'ios', timeZone: 'Asia/Yekaterinburg' },
  });
  return session.id;
}

/**
 * Clicks an option of the select with this id: antd draws the clickable items itself (its
 * role=option nodes are hidden a11y mirrors), in a dropdown holding the select's `<id>_list`.
 */
const pick = (page: Page, selectId: string, title: RegExp) =>
  page
    .locator('.ant-select-dropdown', { has: page.locator(`#${selectId}_list`) })
    .getByTitle(title)
    .click();

/** Today in Moscow as YYYY-MM-DD (the list's range is in Moscow days). */
/** The calendar day an instant falls on in a zone of a fixed offset (Moscow +3, Novosibirsk +7, no DST). */
const dayIn = (iso: string, offsetHours: number) =>
  new Date(Date.parse(iso) + offsetHours * 3600_000).toISOString().slice(0, 10);

test.describe('push notifications', () => {
  test('compose with the live count, test-send, schedule, find it in the range, cancel', async ({ page, login }) => {
    test.slow();
    await plannerWithDevices();
    const session = await login(ACCOUNTS.editor);
    await page.goto('/app/push-notifications');
    await expect(page.getByRole('heading', { name: 'Push-уведомления', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Новое уведомление' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Новое push-уведомление' });
    const title = `Акция ${Date.now()}`;
    await drawer.getByLabel('Заголовок').fill(title);
    await drawer.getByLabel('Текст').fill('Скидка 20% на годовую подписку только сегодня');
    await expect(drawer.getByTestId('phone-preview')).toContainText(title);
    await expect(drawer.getByTestId('audience-count')).toContainText(/Пользователей: .* · устройств: /);

    await drawer.getByRole('radio', { name: 'Выбранные пользователи' }).check();
    await drawer.getByRole('combobox', { name: 'Пользователи' }).fill('planner@');
    // antd draws the clickable items itself; its role=option nodes are hidden a11y mirrors.
    await pick(page, 'userIds', /planner@pult\.test/);
    await expect(drawer.getByTestId('audience-count')).toHaveText(/^Пользователей: 1 · устройств: ([2-9]|\d{2,})$/);

    await drawer.getByRole('combobox', { name: 'Тестовая отправка' }).fill('planner@');
    await pick(page, 'push-test-user', /planner@pult\.test/);
    await drawer.getByRole('button', { name: 'Отправить тест' }).click();
    await expect(page.getByText(/Тест отправлен: \d+ из \d+ устройств/)).toBeVisible();
    await page.screenshot({ path: shots('push-create'), fullPage: true });

    await drawer.getByRole('button', { name: 'Запланировать' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByText('Запланировано')).toBeVisible();
    await page.keyboard.press('Escape');

    // The range is the push's own Moscow day: ten minutes ahead may be tomorrow there (a run near midnight).
    const scheduled = await apiAs(session.apiToken).push.list({ query: { status: 'scheduled', take: 100 } });
    const day = dayIn(scheduled.items.find((item) => item.title === title)?.scheduledAt ?? '', 3);
    await page.goto(`/app/push-notifications?from=${day}&to=${day}&status=scheduled`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('МСК');
    await row.click();
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Отменить отправку' }).click();
    await page
      .getByRole('dialog', { name: 'Отменить уведомление?' })
      .getByRole('button', { name: 'Отменить отправку' })
      .click();
    await expect(page.getByRole('dialog', { name: title }).getByText('Отменено')).toBeVisible();
  });

  test('statistics after a send with the log provider', async ({ page, login }) => {
    const userId = await plannerWithDevices();
    const session = await login(ACCOUNTS.editor);
    const title = `Сейчас ${Date.now()}`;
    const created = await apiAs(session.apiToken).push.create({
      body: { title, body: 'Отправка сразу', type: 'users', userIds: [userId], scheduledAt: new Date().toISOString() },
    });
    await expect
      .poll(async () => (await apiAs(session.apiToken).push.get({ params: { id: created.id } })).status, {
        timeout: 20_000,
      })
      .toBe('sent');
    await page.setViewportSize({ width: 390, height: 844 });
    const sentDay = dayIn(created.scheduledAt, 3);
    await page.goto(`/app/push-notifications?from=${sentDay}&to=${sentDay}&status=sent`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Отправлено');
    await row.click();
    const stats = page.getByRole('dialog', { name: title }).getByTestId('reminder-stats');
    await expect(stats).toContainText('Доставлено');
    await expect(page.getByRole('dialog', { name: title }).getByRole('cell', { name: 'android' })).toBeVisible();
    // At phone width the drawer fits the screen.
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(Math.round(box?.width ?? 999)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shots('push-detail-390') });

    // The home dashboard counts what was sent today (the API's own figure, shown by the card).
    const dashboard = await apiAs(session.apiToken).dashboard.data({ query: { period: 7 } });
    expect(dashboard.push.sent.current).toBeGreaterThan(0);
    await page.goto('/app/home');
    const card = page.locator('.ant-card').filter({ has: page.getByText('Push-уведомления', { exact: true }) });
    await expect(card.locator('.ant-statistic').filter({ hasText: 'Отправлено' })).toContainText(
      new Intl.NumberFormat('ru-RU').format(dashboard.push.sent.current),
    );
  });

  // Last in this file (its tests run in order on one worker): it changes the installation's time zone for a moment.
  test('pushes are scheduled and shown on the clock of the settings’ time zone', async ({ page, login }) => {
    const admin = sessionOf(
      await apiAs().auth.signin({ body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } }),
    );
    const original = await apiAs(admin.apiToken).settings.get();
    try {
      await apiAs(admin.apiToken).settings.update({ body: { defaultTimeZone: 'Asia/Novosibirsk' } });
      const session = await login(ACCOUNTS.editor);
      // The settings arrive only once the form is open: its first time, drawn on the fallback zone's
      // clock, must then follow the settings' zone (a fast click after a page load did not).
      const releaseConfig = await holdRequests(page, '**/api/config');
      await page.goto('/app/push-notifications');
      await page.getByRole('button', { name: 'Новое уведомление' }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Новое push-уведомление' });
      await expect(drawer.getByLabel('Заголовок')).toBeVisible();
      releaseConfig();
      // Novosibirsk is UTC+7 all year; the hint names the zone the picker is read in.
      await expect(drawer.getByText(/^Часовой пояс: .*\+7/)).toBeVisible();
      const title = `Новосибирск ${Date.now()}`;
      await drawer.getByLabel('Заголовок').fill(title);
      await drawer.getByLabel('Текст').fill('Время по Новосибирску');
      const clickedAt = Date.now();
      await drawer.getByRole('button', { name: 'Запланировать' }).click();
      await expect(page.getByRole('dialog', { name: title }).getByText('Запланировано')).toBeVisible();

      // The picker offered Novosibirsk's clock ten minutes ahead: read there, it is ten minutes from now
      // (read as Moscow time it would be four hours later).
      const list = await apiAs(session.apiToken).push.list({ query: { status: 'scheduled', take: 100 } });
      const created = list.items.find((item) => item.title === title);
      expect(created?.timeZone).toBe('Asia/Novosibirsk');
      const minutesAhead = (Date.parse(created?.scheduledAt ?? '') - clickedAt) / 60_000;
      expect(minutesAhead).toBeGreaterThan(5);
      expect(minutesAhead).toBeLessThan(11);

      // The list's days are Novosibirsk days, and the time is written on its clock.
      await page.keyboard.press('Escape');
      const day = dayIn(created?.scheduledAt ?? '', 7);
      await page.goto(`/app/push-notifications?from=${day}&to=${day}&status=scheduled`);
      const row = page.getByRole('row', { name: new RegExp(title) });
      const expected = new Intl.DateTimeFormat('ru', {
        timeZone: 'Asia/Novosibirsk',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(created?.scheduledAt ?? ''));
      await expect(row).toContainText(expected);
      await expect(row).not.toContainText('МСК');
      await apiAs(session.apiToken).push.cancel({ params: { id: created?.id ?? 0 } });
    } finally {
      await apiAs(admin.apiToken).settings.update({ body: { defaultTimeZone: original.defaultTimeZone } });
    }
  });

  test('on a phone the composer counts only the audience chosen now, and «в местное время» sits under the time', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(ACCOUNTS.editor);
    await page.goto('/app/push-notifications');
    await page.getByRole('button', { name: 'Новое уведомление' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Новое push-уведомление' });
    const count = drawer.getByTestId('audience-count');
    await expect(count).toContainText(/^Пользователей: .* · устройств: /);

    // A new audience: «counting» until its own count arrives, not the count of the one before.
    const release = await holdRequests(page, '**/api/reminders/audience-count');
    await drawer.getByRole('radio', { name: 'Подписчики', exact: true }).check();
    await expect(count).toHaveText('Считаем охват…');
    release();
    await expect(count).toContainText(/^Пользователей: .* · устройств: /);
    // Chosen users: no one yet, so no count at all.
    await drawer.getByRole('radio', { name: 'Выбранные пользователи' }).check();
    await expect(count).toHaveText('Выберите пользователей, чтобы увидеть охват');

    // The checkbox right under the time and its zone hint, no blank row between them.
    const time = await drawer.getByLabel('Время отправки').boundingBox();
    const localTime = await drawer.getByRole('checkbox', { name: 'в местное время пользователя' }).boundingBox();
    if (!time || !localTime) throw new Error('composer not laid out');
    expect(localTime.y - (time.y + time.height)).toBeLessThan(60);
    // Nothing in the drawer wider than the phone: the test-send button wraps under its picker.
    const button = await drawer.getByRole('button', { name: 'Отправить тест' }).boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
