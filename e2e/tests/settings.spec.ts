import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import {
  colourViolations,
  darkRtlPhone,
  focusIsOnAnElement,
  historyTablesFit,
  noSidewaysScroll,
  pressUntilFocused,
} from '../look';

test.describe('settings', () => {
  test('an admin renames the project: header and title follow, the change survives a reload and is in the audit log', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.admin);
    const original = await apiAs(session.apiToken).settings.get();
    const name = `Планер ${Date.now() % 100_000}`;
    try {
      await page.goto('/app/common/settings');
      const form = page.getByTestId('settings-form');
      await form.getByLabel('Название проекта').fill(name);
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText('Настройки сохранены')).toBeVisible();
      await expect(page.locator('.logo-text').first()).toHaveText(name);
      await expect(page).toHaveTitle(`${name} — Система управления`);
      await expect(page.getByRole('contentinfo')).toHaveText(
        `© ${new Date().getFullYear()} ${name}. Все права защищены.`,
      );

      await page.reload();
      await expect(page.getByTestId('settings-form').getByLabel('Название проекта')).toHaveValue(name);

      await page.getByRole('tab', { name: 'Журнал аудита' }).click();
      const row = page.getByRole('row', { name: /Настройки #1/ }).first();
      await expect(row).toBeVisible();
      await row.getByRole('button').first().click();
      await expect(page.getByTestId('audit-diff').first()).toContainText(name);
    } finally {
      await apiAs(session.apiToken).settings.update({ body: { projectName: original.projectName } });
    }
  });

  test('an editor is refused the settings by the server', async ({ login }) => {
    const session = await login(ACCOUNTS.editor);
    await expect(apiAs(session.apiToken).settings.get()).rejects.toThrow();
  });
});

/*
 * The settings' «История» lives in this file with the other tests that save the settings: each file runs in
 * order on one worker, and a save from another file while one of these has the form open meets the
 * conflict dialog instead of «Настройки сохранены» (two CI runs failed that way with them in two files).
 */

/**
 * Issue 32: the settings have «История» too. An admin changes two settings on the form, one of them inside a
 * group (the promo limits' window), opens «История», reads each change before and after in Russian under the
 * form's own names (the group's part under its heading, not the group as JSON), and brings back the version
 * before the change. Other specs change the settings too: this one changes a contact and a window nobody else
 * looks at, reads the values it starts from, and puts the contact back.
 */
test('an admin changes the settings, reads «История» in Russian and restores the version before', async ({
  page,
  login,
}) => {
  const session = await login(ACCOUNTS.admin);
  const api = apiAs(session.apiToken);
  const stamp = Date.now().toString(36);
  const original = await api.settings.get();
  const window = original.promoActivationLimits.windowMinutes;
  const nextWindow = window >= 1440 ? window - 1 : window + 1;
  // A version to come back to, saved just before the change.
  const before = `До ${stamp}@pult.test`;
  const after = `После ${stamp}@pult.test`;
  await api.settings.update({ body: { supportContact: before } });
  try {
    await page.goto('/app/common/settings');
    const form = page.getByTestId('settings-form');
    await expect(form.getByLabel('Контакт поддержки')).toHaveValue(before);
    await form.getByLabel('Контакт поддержки').fill(after);
    await form.getByLabel('Окно, минут').fill(String(nextWindow));
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Настройки сохранены')).toBeVisible();

    await page.getByRole('tab', { name: 'История' }).click();
    const mine = page.locator('.revision-item').filter({ hasText: after }).filter({ hasText: 'Окно, минут' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('row', { name: /Контакт поддержки/ })).toHaveText(
      new RegExp(`Контакт поддержки\\s*${before}\\s*${after}`),
    );
    // The window is a part of a group: named under its heading, its values as numbers, not the group as JSON.
    await expect(mine.getByRole('row', { name: /Окно, минут/ })).toHaveText(
      new RegExp(`Лимиты попыток активации промокодов · Окно, минут\\s*${window}\\s*${nextWindow}`),
    );
    await expect(mine.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('cell', { name: /^\{/ })).toHaveCount(0);
    await expect(mine.getByText('Изменение')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Было' }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Стало' }).first()).toBeVisible();

    // The version saved before the change comes back, as a new version on top.
    const saved = page.locator('.revision-item').filter({ hasText: before }).filter({ hasNotText: after });
    await saved.first().getByRole('button', { name: 'Вернуть эту версию' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуть эту версию' }).click();
    await expect(page.getByText('Версия возвращена')).toBeVisible();
    const restored = page.locator('.revision-item').first();
    await expect(restored).toContainText('Возврат к версии');
    await expect(restored.getByRole('row', { name: /Контакт поддержки/ })).toHaveText(
      new RegExp(`Контакт поддержки\\s*${after}\\s*${before}`),
    );
    await expect
      .poll(async () => {
        const now = await api.settings.get();
        return [now.supportContact, now.promoActivationLimits.windowMinutes];
      })
      .toEqual([before, window]);
    await page.getByRole('tab', { name: 'Настройки' }).click();
    await expect(page.getByTestId('settings-form').getByLabel('Контакт поддержки')).toHaveValue(before);
    await expect(page.getByTestId('settings-form').getByLabel('Окно, минут')).toHaveValue(String(window));
  } finally {
    await api.settings.update({
      body: { supportContact: original.supportContact, promoActivationLimits: original.promoActivationLimits },
    });
  }
});

/**
 * The same «История» on a phone, in the dark theme, right to left, by keyboard alone. It only reads: the
 * versions the test above saved are there (one file runs in order on one worker), and a spec that saved the
 * settings here would meet another spec's open settings form with a stale version.
 */
test('the settings’ «История»: dark, RTL, 390 px, two versions compared by keyboard', async ({ page, login }) => {
  await login(ACCOUNTS.admin);
  await darkRtlPhone(page);
  await page.goto('/app/common/settings');
  await expect(page.getByTestId('settings-form').getByLabel('Контакт поддержки')).toBeVisible();
  // The tabs by keyboard: Tab to the active one, the arrow towards «История», Enter.
  const historyTab = page.getByRole('tab', { name: 'История' });
  await pressUntilFocused(page, page.getByRole('tab', { name: 'Настройки' }), 'Tab', 80);
  await pressUntilFocused(page, historyTab, 'ArrowLeft', 3);
  await page.keyboard.press('Enter');
  await expect(historyTab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=history/);

  // The two newest versions ticked with Space: the comparison opens above the list.
  const ticks = page.getByRole('checkbox', { name: /^Сравнить версию \d+$/ });
  await pressUntilFocused(page, ticks.nth(0), 'Tab', 120);
  await page.keyboard.press('Space');
  await pressUntilFocused(page, ticks.nth(1), 'Tab', 20);
  await page.keyboard.press('Space');
  const compared = page.getByRole('region', { name: /^Версия \d+ → версия \d+$/ });
  await expect(compared).toBeVisible();
  await expect(compared.locator('ins, del').first()).toBeVisible();
  await noSidewaysScroll(page);
  await historyTablesFit(page.locator('body'));
  expect(await colourViolations(page)).toEqual([]);
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/settings-history-dark-rtl-390.png`,
    fullPage: true,
  });
  // The comparison closes by keyboard; the focus stays on an element, not <body>.
  await pressUntilFocused(page, compared.getByRole('button', { name: 'Закрыть' }), 'Shift+Tab', 120);
  await page.keyboard.press('Enter');
  await expect(compared).toHaveCount(0);
  await focusIsOnAnElement(page);
});
