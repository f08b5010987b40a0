import { readFileSync } from 'node:fs';
import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { apiAs, unique } from './subscriptions-data';

/**
 * Text in Windows-1251, as Russian Excel saves a CSV: ASCII as is, А–я from 0xC0, Ё and ё apart.
 * (Node can decode this code page but not encode it; the API's tests use iconv-lite.)
 */
const windows1251 = (text: string): Buffer =>
  Buffer.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (char === 'Ё') return 0xa8;
      if (char === 'ё') return 0xb8;
      throw new Error(`not in the test's code page: ${char}`);
    }),
  );

const tail = () => Math.random().toString(36).slice(2, 8);

test.describe('import of Telegram channels from a file', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an editor imports a Windows-1251 CSV with one bad row: sees why, downloads the errors, imports the rest, undoes it', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.editor);
    const category = unique('Импорт');
    await apiAs(session.apiToken).telegramChannels.saveCategory({ body: { title: category } });
    const good = [`import_one_${tail()}`, `import_two_${tail()}`];
    const file = windows1251(
      [
        'Название;Ссылка;Категория;Описание',
        `Первый канал;https://t.me/${good[0]};${category};"Новости; коротко"`,
        `Второй канал;@${good[1]};${category};`,
        `Плохой канал;ab;${category};`,
        '',
      ].join('\r\n'),
    );

    await page.goto('/app/common/tg-channels');
    await page.getByRole('button', { name: 'Импорт' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Импорт из файла' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'каналы.csv', mimeType: 'text/csv', buffer: file });
    await expect(page.getByTestId('import-file-name')).toHaveText('Файл: каналы.csv');
    await page.getByRole('button', { name: 'Далее' }).click();

    // The columns as guessed from the Russian headers.
    await expect(page.getByRole('heading', { level: 2, name: 'Столбцы' })).toBeVisible();
    await expect(page.getByLabel('Название')).toBeVisible();
    await expect(page.locator('.imports-mapping')).toContainText('Ссылка');
    await page.getByRole('button', { name: 'Проверить' }).click();

    // The dry run: two rows pass, one is refused, with its row and reason in Russian.
    await expect(page.getByRole('heading', { level: 2, name: 'Проверка' })).toBeVisible();
    const errors = page.locator('.imports-errors');
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toContainText('4');
    await expect(errors.getByRole('row').nth(1)).toContainText('Имя канала');
    await expect(errors.getByRole('row').nth(1)).toContainText('неверный формат');
    const list = await apiAs(session.apiToken).telegramChannels.listChannels({ query: { take: 1000 } });
    expect(list.items.filter((channel) => good.includes(channel.username))).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать ошибки' }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Название;Ссылка;Категория;Описание;Строка;Причина');
    expect(csv).toContain(`Плохой канал;ab;${category};;4;Имя канала: неверный формат`);

    await expect(page.getByRole('radio', { name: /Импортировать подходящие строки \(2\)/ })).toBeChecked();
    await page.getByRole('button', { name: 'Импортировать' }).click();
    await expect(page.getByTestId('import-status')).toHaveText('Готово');
    await expect(page.getByText('Импорт завершён, создано записей: 2')).toBeVisible();
    const imported = await apiAs(session.apiToken).telegramChannels.listChannels({ query: { take: 1000 } });
    expect(
      imported.items
        .filter((channel) => good.includes(channel.username))
        .map((c) => c.title)
        .sort(),
    ).toEqual(['Второй канал', 'Первый канал']);
    // The result page fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Отменить импорт' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Отменить импорт и удалить созданные записи (2)?');
    await dialog.getByRole('button', { name: 'Отменить импорт' }).click();
    await expect(page.getByTestId('import-status')).toHaveText('Отменён');
    const after = await apiAs(session.apiToken).telegramChannels.listChannels({ query: { take: 1000 } });
    expect(after.items.filter((channel) => good.includes(channel.username))).toEqual([]);
  });
});

test.describe('import of users that updates the existing ones', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin imports with «Обновлять существующие»: sees what changes, imports, and the undo puts the user back', async ({
    page,
    login,
  }) => {
    const session = await login(ACCOUNTS.admin);
    const api = apiAs(session.apiToken);
    const stamp = tail();
    const known = await api.users.create({
      body: { email: `import.known.${stamp}@mail.test`, firstName: 'Мария', lastName: 'Старая', role: 'user' },
    });
    const fresh = `import.fresh.${stamp}@mail.test`;
    const file = Buffer.from(
      [
        'Электронная почта;Имя;Фамилия',
        `${known.email.toUpperCase()};Мария;Новая`, // matched whatever the case: only the last name changes
        `${fresh};Ольга;Свежая`,
        '',
      ].join('\r\n'),
    );

    await page.goto('/app/users');
    await page.getByRole('button', { name: 'Импорт' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Импорт из файла' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'люди.csv', mimeType: 'text/csv', buffer: file });
    await expect(page.getByTestId('import-file-name')).toHaveText('Файл: люди.csv');
    await page.getByRole('radio', { name: 'Обновлять существующие' }).check();
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Столбцы' })).toBeVisible();
    await page.getByRole('button', { name: 'Проверить' }).click();

    // The dry run: one row updates, with the field before and after; the other creates.
    await expect(page.getByRole('heading', { level: 2, name: 'Проверка' })).toBeVisible();
    await expect(page.getByText('Все строки подходят: 2')).toBeVisible();
    const updates = page.locator('.imports-updates');
    await expect(updates.getByRole('row')).toHaveCount(2);
    await expect(updates.getByRole('row').nth(1)).toContainText('2');
    await expect(updates.getByRole('row').nth(1)).toContainText('Фамилия: Старая → Новая');
    expect((await api.users.get({ params: { id: known.id } })).lastName).toBe('Старая');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Импортировать' }).click();
    await expect(page.getByTestId('import-status')).toHaveText('Готово');
    await expect(page.getByText('Импорт завершён: создано записей — 1, обновлено — 1')).toBeVisible();
    expect((await api.users.get({ params: { id: known.id } })).lastName).toBe('Новая');
    const created = await api.users.list({ query: { email: fresh } });
    expect(created.items.map((user) => user.email)).toEqual([fresh]);

    await page.getByRole('button', { name: 'Отменить импорт' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('удалить созданные записи (1) и вернуть обновлённые (1)');
    await dialog.getByRole('button', { name: 'Отменить импорт' }).click();
    await expect(page.getByTestId('import-status')).toHaveText('Отменён');
    expect(await api.users.get({ params: { id: known.id } })).toMatchObject({ firstName: 'Мария', lastName: 'Старая' });
    expect((await api.users.list({ query: { email: fresh } })).items).toEqual([]);
  });
});
