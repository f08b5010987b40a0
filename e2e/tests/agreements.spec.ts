import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';

test.describe('agreements', () => {
  test('an editor publishes a new version after confirming, and sees the diff with the previous one', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.editor);
    const api = apiAs(session.apiToken);
    const before = await api.agreements.history({ query: { type: 'user-agreement' } });
    const first = await api.agreements.publish({
      body: {
        type: 'user-agreement',
        title: 'Пользовательское соглашение',
        content: '# Общие положения\n\nСтарый пункт',
      },
    });

    await page.goto('/app/common/user-agreement');
    await expect(page.getByRole('heading', { name: 'Пользовательское соглашение', exact: true }).first()).toBeVisible();
    const current = page.getByTestId('agreement-current');
    await expect(current.getByText('Старый пункт')).toBeVisible();
    await expect(current.getByRole('heading', { name: 'Общие положения' })).toBeVisible();

    const editor = page.getByTestId('agreement-editor');
    await expect(editor).toHaveValue('# Общие положения\n\nСтарый пункт');
    await editor.fill('# Общие положения\n\nНовый **пункт**');
    await page.getByRole('tab', { name: 'Предпросмотр' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Предпросмотр' }).locator('strong')).toHaveText('пункт');

    await page.getByRole('button', { name: 'Опубликовать новую версию' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`версия ${first.version + 1}`);
    await dialog.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(page.getByText(`Опубликована версия ${first.version + 1}`, { exact: true })).toBeVisible();
    await expect(current.getByText('Новый')).toBeVisible();

    const diff = page.getByTestId('agreement-diff');
    // Word by word: the replaced word, and the Markdown marks added around the kept one.
    await expect(diff.locator('del')).toHaveText(['Старый']);
    await expect(diff.locator('ins')).toHaveText(['Новый **', '**']);
    const after = await api.agreements.history({ query: { type: 'user-agreement' } });
    expect(after.count).toBe(before.count + 2);
  });

  test('the consent document is reached from the same section', async ({ page, login }) => {
    await login(ACCOUNTS.editor);
    await page.goto('/app/common/privacy-policy');
    await page.getByText('Согласие на обработку персональных данных').first().click();
    await expect(page).toHaveURL(/\/app\/common\/personal-data-consent$/);
  });
});
