import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { contextDefaults } from '../browser-options';
import { apiAs, expect, storeSessionOnNextLoad, test } from '../fixtures';

const signIn = async (account: { email: string; password: string }) =>
  sessionOf(await apiAs().auth.signin({ body: { email: account.email, password: account.password } }));

test.describe('two people on one note', () => {
  test('the second save meets the conflict dialog, keeps its own edit and the other person’s; history restores', async ({
    page,
    login,
    browser,
  }) => {
    const editor = await login(ACCOUNTS.editor);
    const stamp = Date.now().toString(36);
    const note = await apiAs(editor.apiToken).notes.create({
      body: { title: `Конфликт ${stamp}`, body: 'Исходный текст' },
    });

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext({ ...contextDefaults });
    const adminPage = await adminContext.newPage();
    const admin = await signIn(ACCOUNTS.admin);
    await storeSessionOnNextLoad(adminPage, admin);

    // The live stream is downloaded after the frame draws (docs/decisions/0040): both pages listen before the save.
    const listening = [page, adminPage].map((each) =>
      each.waitForResponse((response) => response.url().includes('/api/events?ticket=')),
    );
    await page.goto(`/app/notes/${note.id}`);
    await adminPage.goto(`/app/notes/${note.id}`);
    await Promise.all(listening);
    await expect(page.getByLabel('Заголовок')).toHaveValue(`Конфликт ${stamp}`);
    await expect(adminPage.getByLabel('Заголовок')).toHaveValue(`Конфликт ${stamp}`);

    // The editor starts typing; meanwhile the admin renames the note and saves.
    await page.getByLabel('Текст (Markdown)').fill('Текст редактора');
    await adminPage.getByLabel('Заголовок').fill(`Конфликт ${stamp} от админа`);
    await adminPage.getByRole('button', { name: 'Сохранить' }).click();
    await expect(adminPage.getByText('Сохранено', { exact: true })).toBeVisible();

    // The editor's form is not overwritten: the live stream says who changed it.
    await expect(page.getByText('Анна Петрова только что изменил(а) эту запись', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Текст (Markdown)')).toHaveValue('Текст редактора');

    await page.getByRole('button', { name: 'Сохранить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы её правили' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Заголовок/ })).toContainText(`Конфликт ${stamp} от админа`);
    await expect(dialog.getByRole('row', { name: /Текст/ })).toContainText('Текст редактора');
    await dialog.getByRole('button', { name: 'Оставить моё' }).click();
    await expect(dialog).toHaveCount(0);

    // Both edits are kept: the admin's title and the editor's text.
    const saved = await apiAs(editor.apiToken).notes.get({ params: { id: note.id } });
    expect(saved).toMatchObject({ title: `Конфликт ${stamp} от админа`, body: 'Текст редактора', version: 3 });
    // The admin's open page refreshes by itself.
    await expect(adminPage.getByLabel('Текст (Markdown)')).toHaveValue('Текст редактора');

    // «История»: three versions; the first one comes back as a new one.
    await page.getByRole('tab', { name: 'История' }).click();
    await expect(page.getByText('Изменений: 3')).toBeVisible();
    await page.getByRole('button', { name: 'Вернуть эту версию' }).last().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуть эту версию' }).click();
    await expect(page.getByText('Изменений: 4')).toBeVisible();
    await expect
      .poll(async () => (await apiAs(editor.apiToken).notes.get({ params: { id: note.id } })).title)
      .toBe(`Конфликт ${stamp}`);
    await adminContext.close();
  });
});
