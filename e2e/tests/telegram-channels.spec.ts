import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { apiAs, PNG_ICON, pickSingleOption, unique } from './subscriptions-data';

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;
/** A Telegram public name no other test uses: letters first, then a random tail. */
const username = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

/** The usernames of a category's channels on the board, top to bottom. */
const boardOrder = (page: Page, category: string) =>
  page
    .getByTestId(`category-${category}`)
    .locator('li[data-testid^="channel-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')?.replace(/^channel-/, '')));

const categoryOrder = (page: Page, titles: string[]) =>
  page
    .getByTestId('tg-board')
    .locator('section[data-testid^="category-"]')
    .evaluateAll(
      (sections, wanted) =>
        sections
          .map((section) => section.getAttribute('data-testid')?.replace(/^category-/, '') ?? '')
          .filter((title) => wanted.includes(title)),
      titles,
    );

/**
 * Moves an item one step by keyboard, the way a keyboard user does: focus its handle, Space, an
 * arrow, Space. Each key waits for the board's spoken announcement, so none is pressed before the
 * previous one took effect.
 */
const keyboardMove = async (page: Page, handle: string, key: 'ArrowUp' | 'ArrowDown') => {
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: handle }).focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('Взят элемент');
  // The board measures where the items are in the frames after the pick-up; an arrow pressed before
  // that finds no place to move to (seen once on a loaded machine). Two frames let it measure.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.keyboard.press(key);
  await expect(live).toContainText('над позицией');
  await page.keyboard.press('Space');
  await expect(live).toContainText('положен');
};

test.describe('Telegram channels', () => {
  test('an editor adds a channel with an icon in the drawer, sees it in the table, then deletes it', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.editor);
    const category = unique('Категория');
    await apiAs(session.apiToken).telegramChannels.saveCategory({ body: { title: category } });
    const name = username('pult_news');
    const title = unique('Новости Пульта');

    await page.goto('/app/common/tg-channels');
    await page.getByRole('button', { name: 'Добавить канал' }).click();
    const drawer = page.getByRole('dialog', { name: 'Новый канал' });
    await drawer.getByLabel('Название').fill(title);
    await drawer.getByLabel('Имя в Telegram').fill('bad name');
    await drawer.getByLabel('Описание').fill('Главное о планере');
    await drawer.getByLabel('Категория').fill(category);
    await pickSingleOption(page, category);
    await drawer.getByRole('button', { name: 'Создать' }).click();
    await expect(drawer.getByText('Это не публичное имя Telegram')).toBeVisible();
    await drawer.getByLabel('Имя в Telegram').fill(`https://t.me/${name}`);
    await drawer
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG_ICON });
    await drawer.getByRole('button', { name: 'Создать' }).click();
    await expect(page.getByText(`Канал «${title}» создан`)).toBeVisible();
    await expect(drawer).toBeHidden();

    await page.getByLabel('Поиск по названию или имени').fill(name);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row.getByRole('link', { name: `@${name}` })).toHaveAttribute('href', `https://t.me/${name}`);
    await expect(row.getByText(category)).toBeVisible();
    await expect(row.getByRole('img', { name: `Иконка канала «${title}»` })).toHaveAttribute(
      'src',
      /\/files\/tg-icons\/.+\.png$/,
    );
    // Without TELEGRAM_BOT_TOKEN the refresh button is off and says why.
    await expect(row.getByRole('button', { name: 'Обновить из Telegram' })).toBeDisabled();
    await page.screenshot({ path: shots('tg-channels'), fullPage: true });

    await row.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText(`Удалить канал «${title}»?`)).toBeVisible();
    await page.getByRole('tooltip').getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Канал удалён')).toBeVisible();
    await expect(row).toBeHidden();
    const left = await apiAs(session.apiToken).telegramChannels.listChannels({ query: { take: 1000 } });
    expect(left.items.some((channel) => channel.username === name)).toBe(false);
  });

  test('reorders channels by keyboard and by drag and drop; the order survives a reload', async ({ page, login }) => {
    const session = await login(ACCOUNTS.editor);
    const client = apiAs(session.apiToken);
    const first = unique('Первая');
    const second = unique('Вторая');
    const a = await client.telegramChannels.saveCategory({ body: { title: first } });
    const b = await client.telegramChannels.saveCategory({ body: { title: second } });
    const names = [username('alpha'), username('bravo'), username('charlie')];
    for (const name of names)
      await client.telegramChannels.saveChannel({ body: { title: name, username: name, categoryId: a.id } });
    const other = username('delta');
    await client.telegramChannels.saveChannel({ body: { title: other, username: other, categoryId: b.id } });
    const [alpha, bravo, charlie] = names as [string, string, string];

    await page.goto('/app/telegram-chanels');
    await expect.poll(() => boardOrder(page, first)).toEqual([alpha, bravo, charlie]);

    // Keyboard: the handle takes focus, Space picks up, an arrow moves, Space drops.
    await keyboardMove(page, `Перетащить канал «${charlie}»`, 'ArrowUp');
    await expect(page.getByText('Порядок сохранён')).toBeVisible();
    await expect.poll(() => boardOrder(page, first)).toEqual([alpha, charlie, bravo]);

    // Pointer: drag alpha onto the other category's channel.
    const from = await page.getByRole('button', { name: `Перетащить канал «${alpha}»` }).boundingBox();
    const to = await page.getByTestId(`channel-${other}`).boundingBox();
    if (!from || !to) throw new Error('board items not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(to.x + 20, to.y + to.height - 4, { steps: 15 });
    await page.mouse.move(to.x + 22, to.y + to.height - 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => boardOrder(page, second)).toContain(alpha);
    await expect.poll(() => boardOrder(page, first)).toEqual([charlie, bravo]);

    // Categories move by keyboard too.
    await keyboardMove(page, `Перетащить категорию «${second}»`, 'ArrowUp');
    await expect.poll(() => categoryOrder(page, [first, second])).toEqual([second, first]);
    await page.screenshot({ path: shots('tg-board'), fullPage: true });

    await page.reload();
    await expect.poll(() => categoryOrder(page, [first, second])).toEqual([second, first]);
    await expect.poll(() => boardOrder(page, first)).toEqual([charlie, bravo]);
    expect(await boardOrder(page, second)).toContain(alpha);
  });

  test('a category with channels is deleted only after choosing where they go', async ({ page, login }) => {
    const session = await login(ACCOUNTS.editor);
    const client = apiAs(session.apiToken);
    const doomed = unique('Удаляемая');
    const target = unique('Приёмная');
    const d = await client.telegramChannels.saveCategory({ body: { title: doomed } });
    await client.telegramChannels.saveCategory({ body: { title: target } });
    const name = username('moved');
    await client.telegramChannels.saveChannel({ body: { title: name, username: name, categoryId: d.id } });

    await page.goto('/app/telegram-chanels');
    await page.getByRole('button', { name: `Удалить категорию «${doomed}»?` }).click();
    const dialog = page.getByRole('dialog', { name: `Удалить категорию «${doomed}»?` });
    await expect(dialog.getByText('В категории каналов: 1. Куда их перенести?')).toBeVisible();
    // Typed, not scrolled to: the list holds every category the other tests made too.
    await dialog.getByLabel('Перенести в').fill(target);
    await pickSingleOption(page, target);
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Категория удалена')).toBeVisible();
    await expect(page.getByTestId(`category-${doomed}`)).toBeHidden();
    await expect.poll(() => boardOrder(page, target)).toEqual([name]);
  });

  test('the board uses the width, folds its categories, finds channels and opens one by click or Enter', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const session = await login(ACCOUNTS.editor);
    const client = apiAs(session.apiToken);
    const news = unique('Новости');
    const sport = unique('Спорт');
    const newsCategory = await client.telegramChannels.saveCategory({ body: { title: news } });
    const sportCategory = await client.telegramChannels.saveCategory({ body: { title: sport } });
    // A third category, so the board has enough for three columns whatever else the database holds.
    await client.telegramChannels.saveCategory({ body: { title: unique('Кино') } });
    const [moscow, world, football] = [username('moscow'), username('world'), username('football')];
    const found = await client.telegramChannels.saveChannel({
      body: { title: `Город ${moscow}`, username: moscow, categoryId: newsCategory.id },
    });
    await client.telegramChannels.saveChannel({ body: { title: world, username: world, categoryId: newsCategory.id } });
    await client.telegramChannels.saveChannel({
      body: { title: football, username: football, categoryId: sportCategory.id },
    });

    await page.goto('/app/telegram-chanels');
    await expect.poll(() => boardOrder(page, news)).toEqual([moscow, world]);
    // Categories side by side in columns across the width, not one narrow column.
    const boxes = await page
      .getByTestId('tg-board')
      .locator('section[data-testid^="category-"]')
      .evaluateAll((sections) => sections.map((section) => section.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...boxes.map((box) => box.right))).toBeGreaterThan(1440 * 0.9);

    // A search narrows the board to the matching channels, their categories only, and stops the dragging.
    const searchField = page.getByRole('textbox', { name: 'Поиск по названию или имени' });
    await searchField.fill(`@${moscow.toUpperCase()}`);
    await expect.poll(() => boardOrder(page, news)).toEqual([moscow]);
    await expect(page.getByTestId(`category-${news}`)).toContainText('1 из 2');
    await expect(page.getByTestId(`category-${sport}`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Перетащить/ })).toHaveCount(0);
    await searchField.clear();
    await expect.poll(() => boardOrder(page, news)).toEqual([moscow, world]);

    // Folding hides a category's channels, and stays folded after a reload.
    const fold = page.getByRole('button', { name: `Свернуть категорию «${sport}»` });
    await fold.click();
    await expect(page.getByTestId(`channel-${football}`)).toBeHidden();
    const unfold = page.getByRole('button', { name: `Развернуть категорию «${sport}»` });
    await expect(unfold).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: `Развернуть категорию «${sport}»` })).toBeVisible();
    await expect(page.getByTestId(`channel-${football}`)).toBeHidden();
    await page.getByRole('button', { name: `Развернуть категорию «${sport}»` }).click();
    await expect(page.getByTestId(`channel-${football}`)).toBeVisible();

    // A click on the channel's row opens its drawer; so does Enter on its title.
    const drawer = page.getByRole('dialog', { name: 'Канал' });
    await page.getByTestId(`channel-${moscow}`).click({ position: { x: 200, y: 10 } });
    await expect(drawer.getByLabel('Название')).toHaveValue(`Город ${moscow}`);
    await expect(page).toHaveURL(new RegExp(`channel=${found.id}`));
    await drawer.getByRole('button', { name: 'Отмена' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: world, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(drawer.getByLabel('Название')).toHaveValue(world);
    await drawer.getByRole('button', { name: 'Отмена' }).click();

    // The address opens a channel's drawer (the audit log links so), and the table is a link away.
    await page.goto(`/app/telegram-chanels?channel=${found.id}`);
    await expect(drawer.getByLabel('Название')).toHaveValue(`Город ${moscow}`);
    await drawer.getByRole('button', { name: 'Отмена' }).click();
    await page.getByRole('link', { name: 'Списком' }).click();
    await expect(page).toHaveURL(/\/app\/common\/tg-channels$/);
    await page.getByRole('link', { name: 'По категориям' }).click();
    await expect(page).toHaveURL(/\/app\/telegram-chanels$/);
  });
});
