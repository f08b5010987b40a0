import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';

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
