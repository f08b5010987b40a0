import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';

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
