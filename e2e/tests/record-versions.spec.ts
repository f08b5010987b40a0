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

test.describe('a plan’s history and conflict dialog', () => {
  test('read the price, the period and the term as the plans screen does, not as the server keeps them', async ({
    page,
    login,
  }) => {
    const admin = await login(ACCOUNTS.admin);
    const api = apiAs(admin.apiToken);
    const stamp = Date.now().toString(36);
    const title = `Тариф истории ${stamp}`;
    const plan = await api.plans.create({
      body: { title, description: 'Коротко', price: 99000, period: 'month', durationDays: 30 },
    });
    await api.plans.update({ params: { id: plan.id }, body: { price: 199000, period: 'year', durationDays: 365 } });

    await page.goto('/app/subscriptions/desc');
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Изменить' }).click();
    const drawer = page.getByRole('dialog', { name: 'Редактирование тарифа' });
    await drawer.getByRole('tab', { name: 'История' }).click();
    await expect(drawer.getByText('Изменений: 2')).toBeVisible();

    // Each field's before and after as a person reads them: kopecks as roubles, the period and the term in words.
    const cellsOf = (version: number, label: string) =>
      drawer
        .locator('.revision-item')
        .filter({ hasText: `версия ${version}` })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(cellsOf(2, 'Цена')).toHaveText(['Цена', '990,00 ₽', '1 990,00 ₽']);
    await expect(cellsOf(2, 'Период')).toHaveText(['Период', 'Месяц', 'Год']);
    await expect(cellsOf(2, 'Длительность, дней')).toHaveText(['Длительность, дней', '30 дней', '365 дней']);
    await expect(cellsOf(1, 'Включён')).toHaveText(['Включён', '—', 'Да']);
    for (const raw of ['99000', '199000', 'month', 'year', 'true', '30', '365']) {
      await expect(drawer.getByRole('cell', { name: raw, exact: true })).toHaveCount(0);
    }

    // The comparison of two versions reads the same.
    await drawer.getByRole('checkbox', { name: 'Сравнить версию 2' }).check();
    await drawer.getByRole('checkbox', { name: 'Сравнить версию 1' }).check();
    const compared = drawer.getByRole('region', { name: 'Версия 1 → версия 2' });
    await expect(compared.locator('[data-field="price"] del')).toHaveText('990,00 ₽');
    await expect(compared.locator('[data-field="price"] ins')).toHaveText('1 990,00 ₽');
    await expect(compared.locator('[data-field="period"] ins')).toHaveText('Год');

    // The conflict dialog: the admin types a price while someone else saves another price and period.
    await drawer.getByRole('tab', { name: 'Правка' }).click();
    await drawer.getByLabel('Цена').fill('2490');
    await api.plans.update({ params: { id: plan.id }, body: { price: 299000, period: 'month', durationDays: 30 } });
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы её правили' });
    const conflictCells = (label: string) =>
      dialog
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(conflictCells('Цена')).toHaveText(['Цена', '2 490,00 ₽', '2 990,00 ₽']);
    await expect(conflictCells('Период')).toHaveText(['Период', 'Год', 'Месяц']);
    await expect(conflictCells('Длительность, дней')).toHaveText(['Длительность, дней', '365 дней', '30 дней']);
    await dialog.getByRole('button', { name: 'Взять сохранённое' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(drawer.getByLabel('Цена')).toHaveValue('2990,00');
  });
});
