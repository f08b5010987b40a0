import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { createGeneratedSeries, ensurePlan } from './promo-api';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

test.describe('promo series', () => {
  test('a series created in the form generates its codes while the page watches', async ({ page, login }) => {
    // Creation, generation, a CSV of every code and the list: a long walk on a shared machine.
    test.slow();
    const session = await login();
    await ensurePlan(session.apiToken);
    await page.goto('/app/promo-codes');
    await expect(page.getByRole('heading', { name: 'Промокоды', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Создать серию' }).first().click();

    const drawer = page.getByRole('dialog', { name: 'Новая серия промокодов' });
    // Prefilled from the server's defaults, the yearly plan chosen.
    await expect(drawer.getByLabel('Название')).not.toHaveValue('');
    await expect(drawer.getByText('Годовая подписка')).toBeVisible();
    const name = `Весна ${Date.now()}`;
    await drawer.getByLabel('Название').fill(name);
    await drawer.getByLabel('Префикс').fill('spring');
    await drawer.getByLabel('Длина кода').fill('6');
    await drawer.getByLabel('Количество кодов').fill('3000');
    await expect(drawer.getByTestId('code-shape')).toContainText('SPRINGXXXXXX');
    await page.screenshot({ path: shots('promo-create') });
    // The code list is first asked for before any code exists: its first answer is an empty page,
    // whatever the generation's speed. The list must fill in by itself, without a reload.
    let listAnswers = 0;
    await page.route(/\/api\/promo-codes\/\d+\/generated-codes\?/, async (route) => {
      listAnswers += 1;
      if (listAnswers > 1) return route.continue();
      return route.fulfill({ json: { items: [], count: 0, countIsEstimate: false, seriesName: name } });
    });
    await drawer.getByRole('button', { name: 'Создать' }).click();

    await expect(page).toHaveURL(/\/app\/promo-codes\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('generation-done')).toHaveText('Генерация завершена', { timeout: 20_000 });
    await expect(page.getByTestId('generation-progress')).toHaveCount(0);
    await expect(page.getByText('3 000').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toHaveText(
      `Главная/Промокоды/${name}`,
    );

    // The generated list, then the whole series as a CSV file (fetched with the token).
    const table = page.getByRole('tabpanel').getByRole('table');
    await expect(table.locator('tr[data-row-key]')).toHaveCount(20);
    expect(listAnswers).toBeGreaterThan(1);
    await expect(table.getByRole('cell', { name: /^SPRING[A-Z2-9]{6}/ }).first()).toBeVisible();

    // Search by the start of a code, typed without the prefix and in lower case, answered by the server.
    const first = (await table.locator('tr[data-row-key]').first().getAttribute('data-row-key')) ?? '';
    const search = page.getByRole('textbox', { name: 'Начало кода' });
    await search.fill(first.slice(6, 8).toLowerCase());
    await expect(page).toHaveURL(/\/app\/promo-codes\/\d+$/);
    await expect(table.locator(`tr[data-row-key="${first}"]`)).toBeVisible();
    await expect
      .poll(async () =>
        (
          await table.locator('tr[data-row-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))
        ).every((code) => code?.startsWith(first.slice(0, 8))),
      )
      .toBe(true);
    await search.fill(first);
    await expect(table.locator('tr[data-row-key]')).toHaveCount(1);
    await expect(page.getByText('Найдено кодов: 1')).toBeVisible();
    await search.fill('');
    await expect(table.locator('tr[data-row-key]')).toHaveCount(20);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(3001);
    expect(lines[1]).toMatch(/^SPRING[A-Z2-9]{6};new;$/);
    await page.screenshot({ path: shots('promo-series'), fullPage: true });

    // Back in the list, the name filter lives in the URL and finds the series.
    await page.goto('/app/promo-codes');
    await page.getByRole('textbox', { name: 'Поиск по названию' }).fill(name);
    await expect(page).toHaveURL(/[?&]name=/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Сгенерировано: 3 000');
    await page.screenshot({ path: shots('promo-list'), fullPage: true });
  });

  test('the basket field says the catalog is not configured', async ({ page, login }) => {
    const session = await login();
    await ensurePlan(session.apiToken);
    await page.goto('/app/promo-codes');
    await page.getByRole('button', { name: 'Создать серию' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Новая серия промокодов' });
    await drawer.getByLabel('ID корзины каталога').fill('12345');
    await expect(drawer.getByTestId('basket-status')).toHaveText('Каталог не настроен');
    // The server says the same on submit, on the field.
    await drawer.getByRole('button', { name: 'Создать' }).click();
    await expect(drawer.getByText('Каталог не настроен')).toHaveCount(2);
    await expect(page).toHaveURL(/\/app\/promo-codes$/);
  });

  test('disabling a series asks first, and the status filter follows the URL', async ({ page, login }) => {
    const session = await login();
    const series = await createGeneratedSeries(session.apiToken, { name: `Осень ${Date.now()}` });
    await page.goto(`/app/promo-codes?name=${encodeURIComponent(series.name)}`);
    const row = page.getByRole('row', { name: new RegExp(series.name) });
    const toggle = row.getByRole('switch', { name: `Включить или выключить серию «${series.name}»` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Выключить' }).click();
    await expect(toggle).not.toBeChecked();
    await page.goto(`/app/promo-codes?name=${encodeURIComponent(series.name)}&status=enabled&planId=`);
    await expect(page.getByText('Ничего не найдено')).toBeVisible();
    await page.getByRole('button', { name: 'Сбросить' }).click();
    await expect(page).toHaveURL(/\/app\/promo-codes$/);
  });
});
