import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';

test.describe('notes', () => {
  test('write a note in Markdown, see the preview, publish, find it by a word form, open its share card', async ({
    page,
    login,
  }) => {
    await login(ACCOUNTS.editor);
    const stamp = Date.now().toString(36);
    const title = `Утренние медитации ${stamp}`;

    await page.goto('/app/notes/new');
    await page.getByLabel('Заголовок').fill(title);
    await page
      .getByLabel('Текст (Markdown)')
      .fill(
        '## Зачем медитировать\n\n**Пять минут** в день. [Подробнее](https://example.com) <script>window.hacked=1</script>',
      );
    const preview = page.getByTestId('note-preview');
    await expect(preview.getByRole('heading', { name: 'Зачем медитировать' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('Пять минут');
    await expect(preview.locator('script')).toHaveCount(0);

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'К списку заметок' }).click();
    await expect(page.getByRole('dialog', { name: 'Уйти без сохранения?' })).toBeVisible();
    await page.getByRole('button', { name: 'Остаться' }).click();
    await expect(page).toHaveURL(/\/app\/notes\/new$/);

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(/\/app\/notes\/\d+$/);
    await expect(page.getByText('Черновик')).toBeVisible();
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(page.getByText('Опубликована', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Снять с публикации' })).toBeVisible();

    // «медитация» is another form of the title's «медитации».
    await page.goto('/app/notes');
    await page.getByLabel('Поиск по заголовку и тексту').fill('медитация');
    await page.getByLabel('Поиск по заголовку и тексту').press('Enter');
    await expect(page).toHaveURL(/[?&]query=/);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Опубликована')).toBeVisible();
    await row.getByRole('link', { name: title }).click();

    await page.getByRole('button', { name: 'Карточка для соцсетей' }).click();
    const card = page.getByRole('img', { name: 'Карточка заметки 1080×1080' });
    // The card is drawn by the server (satori in a worker): at load 25 it took longer than the default 15 s.
    await expect(card).toBeVisible({ timeout: 45_000 });
    await expect
      .poll(() => card.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([1080, 1080]);
    await expect(page.getByRole('link', { name: 'Скачать PNG' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Скопировать ссылку' })).toBeVisible();
  });

  test('at 390 px the preview stacks under the Markdown', async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(ACCOUNTS.editor);
    await page.goto('/app/notes/new');
    await page.getByLabel('Текст (Markdown)').fill('# Привет');
    const source = await page.getByLabel('Текст (Markdown)').boundingBox();
    const preview = await page.getByTestId('note-preview').boundingBox();
    expect(source && preview && preview.y >= source.y + source.height).toBe(true);
  });

  test('the tags in the list stand apart', async ({ page, login }) => {
    const session = await login(ACCOUNTS.editor);
    const title = `Теги ${Date.now().toString(36)}`;
    await apiAs(session.apiToken).notes.create({ body: { title, body: 'Текст', tags: ['утро', 'спорт'] } });
    await page.goto(`/app/notes?query=${encodeURIComponent(title)}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    const tags = row.getByRole('cell').filter({ hasText: 'утро' }).locator('.ant-tag');
    await expect(tags).toHaveCount(2);
    const [first, second] = await tags.evaluateAll((elements) => elements.map((tag) => tag.getBoundingClientRect()));
    // Side by side on one line, with a visible gap (they used to touch).
    expect(second && first && second.left - first.right).toBeGreaterThanOrEqual(4);
  });
});
