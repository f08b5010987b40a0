import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { contextDefaults } from '../browser-options';
import { apiAs, expect, storeSessionOnNextLoad, test } from '../fixtures';
import { pickSingleOption, unique } from './subscriptions-data';

/** A Telegram public name no other test uses: letters first, then a random tail. */
const username = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

const signIn = async (account: { email: string; password: string }) =>
  sessionOf(await apiAs().auth.signin({ body: { email: account.email, password: account.password } }));

/** The channel as the server keeps it now (the API lists channels, it has no call for one). */
const channelNow = async (token: string, id: number) => {
  const page = await apiAs(token).telegramChannels.listChannels({ query: { take: 1000, page: 1 } });
  return page.items.find((channel) => channel.id === id);
};

test.describe('a Telegram channel’s versions', () => {
  test('two edits in the drawer show in «История» with the category by its title, and the first version comes back', async ({
    page,
    login,
  }) => {
    const editor = await login(ACCOUNTS.editor);
    const api = apiAs(editor.apiToken);
    const [news, sport] = [unique('Новости истории'), unique('Спорт истории')];
    const newsCategory = await api.telegramChannels.saveCategory({ body: { title: news } });
    await api.telegramChannels.saveCategory({ body: { title: sport } });
    const name = username('history');
    const title = unique('Канал истории');
    const channel = await api.telegramChannels.saveChannel({
      body: { title, username: name, categoryId: newsCategory.id },
    });

    const drawer = page.getByRole('dialog', { name: 'Канал' });
    // First edit: the title.
    await page.goto(`/app/telegram-chanels?channel=${channel.id}`);
    await expect(drawer.getByLabel('Название')).toHaveValue(title);
    await drawer.getByLabel('Название').fill(`${title} 2`);
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect.poll(async () => (await channelNow(editor.apiToken, channel.id))?.version).toBe(2);

    // Second edit, opened afresh: another category and hidden from the planner.
    await page.goto(`/app/telegram-chanels?channel=${channel.id}`);
    await expect(drawer.getByLabel('Название')).toHaveValue(`${title} 2`);
    await drawer.getByLabel('Категория').fill(sport);
    await pickSingleOption(page, sport);
    await drawer.getByRole('switch', { name: 'Показывать в планере' }).click();
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(drawer).toBeHidden();
    await expect.poll(async () => (await channelNow(editor.apiToken, channel.id))?.version).toBe(3);

    // «История»: the creation and both edits, the category by its title and the flag as Да/Нет.
    await page.goto(`/app/telegram-chanels?channel=${channel.id}`);
    await expect(drawer.getByLabel('Название')).toHaveValue(`${title} 2`);
    await drawer.getByRole('tab', { name: 'История' }).click();
    await expect(drawer.getByText('Изменений: 3')).toBeVisible();
    const cellsOf = (version: number, label: string) =>
      drawer
        .locator('.revision-item')
        .filter({ hasText: `версия ${version}` })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(cellsOf(2, 'Название')).toHaveText(['Название', title, `${title} 2`]);
    await expect(cellsOf(3, 'Категория')).toHaveText(['Категория', news, sport]);
    await expect(cellsOf(3, 'Показывать в планере')).toHaveText(['Показывать в планере', 'Да', 'Нет']);
    await expect(drawer.getByRole('cell', { name: String(newsCategory.id), exact: true })).toHaveCount(0);

    // The first version comes back as a new one.
    await drawer.getByRole('button', { name: 'Вернуть эту версию' }).last().click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Вернуть запись к этой версии?' })
      .getByRole('button', { name: 'Вернуть эту версию' })
      .click();
    await expect(drawer.getByText('Изменений: 4')).toBeVisible();
    await expect
      .poll(async () => {
        const now = await channelNow(editor.apiToken, channel.id);
        return now && { title: now.title, categoryId: now.categoryId, published: now.published, version: now.version };
      })
      .toEqual({ title, categoryId: newsCategory.id, published: true, version: 4 });
  });

  test('two people on one channel: the second save meets the conflict dialog and «Оставить моё» keeps both edits', async ({
    page,
    login,
    browser,
  }) => {
    const editor = await login(ACCOUNTS.editor);
    const api = apiAs(editor.apiToken);
    const category = await api.telegramChannels.saveCategory({ body: { title: unique('Конфликт каналов') } });
    const title = unique('Канал конфликта');
    const channel = await api.telegramChannels.saveChannel({
      body: { title, username: username('conflict'), description: 'Исходное описание', categoryId: category.id },
    });

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext({ ...contextDefaults });
    const adminPage = await adminContext.newPage();
    await storeSessionOnNextLoad(adminPage, await signIn(ACCOUNTS.admin));

    const drawer = page.getByRole('dialog', { name: 'Канал' });
    const adminDrawer = adminPage.getByRole('dialog', { name: 'Канал' });
    await page.goto(`/app/telegram-chanels?channel=${channel.id}`);
    await adminPage.goto(`/app/telegram-chanels?channel=${channel.id}`);
    await expect(drawer.getByLabel('Название')).toHaveValue(title);
    await expect(adminDrawer.getByLabel('Название')).toHaveValue(title);

    // The editor types a description; meanwhile the admin renames the channel and saves.
    await drawer.getByLabel('Описание').fill('Описание редактора');
    await adminDrawer.getByLabel('Название').fill(`${title} от админа`);
    await adminDrawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(adminPage.getByText('Изменения сохранены')).toBeVisible();
    await expect.poll(async () => (await channelNow(editor.apiToken, channel.id))?.version).toBe(2);

    // The editor's save was opened on version 1: the conflict dialog says what changed since.
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы её правили' });
    await expect(dialog).toBeVisible();
    const cellsOf = (label: string) =>
      dialog
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(cellsOf('Название')).toHaveText(['Название', title, `${title} от админа`]);
    await expect(cellsOf('Описание')).toHaveText(['Описание', 'Описание редактора', 'Исходное описание']);
    await dialog.getByRole('button', { name: 'Оставить моё' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(drawer).toBeHidden();

    // Both edits are kept: the admin's title and the editor's description, over the admin's version.
    await expect
      .poll(async () => {
        const now = await channelNow(editor.apiToken, channel.id);
        return now && { title: now.title, description: now.description, version: now.version };
      })
      .toEqual({ title: `${title} от админа`, description: 'Описание редактора', version: 3 });
    await adminContext.close();
  });

  test('a category renamed in place over someone else’s rename meets the conflict dialog; its history restores the first title', async ({
    page,
    login,
  }) => {
    const editor = await login(ACCOUNTS.editor);
    const api = apiAs(editor.apiToken);
    const title = unique('Категория версий');
    const category = await api.telegramChannels.saveCategory({ body: { title } });
    const categoryNow = async () =>
      (await api.telegramChannels.listCategories({})).items.find((each) => each.id === category.id);

    await page.goto('/app/telegram-chanels');
    const card = page.getByTestId(`category-${title}`);
    await card.getByRole('button', { name: 'Переименовать' }).click();
    // Only this title is being edited on the board: its box stays found whatever the card is called meanwhile.
    const box = page.locator('.tg-board-category textarea');
    await expect(box).toBeFocused();
    await box.fill(`${title} моё`);

    // Meanwhile someone else renames it.
    await api.telegramChannels.saveCategory({ body: { id: category.id, title: `${title} чужое` } });
    await box.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы её правили' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Название', exact: true }) })
        .getByRole('cell'),
    ).toHaveText(['Название', `${title} моё`, `${title} чужое`]);
    await dialog.getByRole('button', { name: 'Оставить моё' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Категория переименована')).toBeVisible();
    await expect
      .poll(async () => {
        const now = await categoryNow();
        return now && { title: now.title, version: now.version };
      })
      .toEqual({ title: `${title} моё`, version: 3 });

    // «История» from the card: three versions; the first title comes back as a fourth.
    await page.getByRole('button', { name: `История категории «${title} моё»` }).click();
    // The drawer is called by the category's title, which the restore changes: found by its start.
    const drawer = page.getByRole('dialog', { name: /^История категории «/ });
    await expect(drawer.getByText('Изменений: 3')).toBeVisible();
    await drawer.getByRole('button', { name: 'Вернуть эту версию' }).last().click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Вернуть запись к этой версии?' })
      .getByRole('button', { name: 'Вернуть эту версию' })
      .click();
    await expect(drawer.getByText('Изменений: 4')).toBeVisible();
    await expect.poll(async () => (await categoryNow())?.title).toBe(title);
  });
});
