import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { expect, storeThemeOnEveryLoad, test } from '../fixtures';

/**
 * The background jobs screen (issue 33 item 5). The global set-up left promo generations that failed for
 * real (e2e-failed-jobs.ts: the real worker and handler against a codes table that refused every write,
 * then mended): each run of a test here takes one of them, so the spec may run several times on one
 * server (--repeat-each).
 */
test.use({ viewport: { width: 1280, height: 800 } });

const FAULT = 'the code store is not answering';

/** Picks a state on the screen's switch (antd hides the radio itself under its label). */
const showState = (page: Page, label: string) =>
  page
    .getByRole('radio', { name: new RegExp(`^${label}`) })
    .locator('..')
    .click();

/** The row of job `id` (its number is followed by its subject: «№8 · Серия №8»). */
const jobRow = (page: Page, id: string) =>
  page.getByRole('row').filter({ hasText: new RegExp(`Генерация промокодов\\s*№${id} ·`) });

/**
 * The first failed generation on the screen, and its job number; the row is then pinned by that number.
 * A retried job keeps its last error until a run replaces it, so a done row can carry the fault's text
 * too: the row must also say «Ошибка», or a table still showing another state (its switch just changed)
 * hands over a row that is gone a moment later (a loaded run clicked the next row's button that way).
 */
const aFailedGeneration = async (page: Page) => {
  const first = page
    .getByRole('row')
    .filter({ hasText: FAULT })
    .filter({ hasText: 'Генерация промокодов' })
    .filter({ has: page.getByText('Ошибка', { exact: true }) })
    .first();
  await expect(first).toBeVisible();
  const text = (await first.textContent()) ?? '';
  const id = /Генерация промокодов\s*№(\d+)/.exec(text)?.[1];
  if (!id) throw new Error(`no job number in «${text}»`);
  return { row: jobRow(page, id), id };
};

test('an admin finds a failed job by the menu, retries it and sees it run to the end', async ({ page, login }) => {
  await login(ACCOUNTS.admin);
  await page.goto('/app/home');
  await page
    .getByRole('navigation', { name: 'Главное меню' })
    .getByRole('menuitem', { name: 'Фоновые задачи' })
    .click();
  await expect(page).toHaveURL(/\/app\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Фоновые задачи' })).toBeVisible();
  // The queue's limits: attempts per kind, the back-off in words.
  await expect(page.getByRole('columnheader', { name: 'Попыток до ошибки' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Генерация промокодов/ }).first()).toContainText('5');
  await expect(page.getByText(/повторяется через 10 с/)).toBeVisible();

  // Failed jobs first: kind in Russian, its subject, state, attempts spent, progress and the error.
  const { row, id } = await aFailedGeneration(page);
  await expect(row.getByText('Ошибка', { exact: true })).toBeVisible();
  await expect(row.getByText('попытка 5 из 5')).toBeVisible();
  await expect(row.getByText('0 из 40')).toBeVisible();
  await expect(row.getByRole('link', { name: /^Серия №\d+$/ })).toBeVisible();

  // The table fits beside the menu at 1280 px.
  const sideways = await page
    .locator('.jobs-table .ant-table-content, .jobs-table .ant-table-body')
    .first()
    .evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
  expect(sideways, 'pixels to scroll sideways').toBeLessThanOrEqual(0);

  await row.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByText(`Задача №${id} снова в очереди`)).toBeVisible();
  // No longer failed; the worker runs it at once and the screen, which follows the queue, shows it done.
  await expect(jobRow(page, id)).toHaveCount(0);
  await showState(page, 'Выполнена');
  await expect(page).toHaveURL(/state=done/);
  const done = jobRow(page, id).filter({ hasText: 'Выполнена' });
  await expect(done).toBeVisible();
  await expect(done.getByText('40 из 40')).toBeVisible();
  await expect(done.getByRole('button', { name: 'Повторить' })).toHaveCount(0);

  // The subject's link leads to the series, whose codes are all there now.
  const series = done.getByRole('link', { name: /^Серия №\d+$/ });
  const seriesName = (await series.textContent()) ?? '';
  await series.click();
  await expect(page).toHaveURL(new RegExp(`/app/promo-codes/${seriesName.replace(/\D/g, '')}$`));
});

test('an admin cancels a failed job after confirming, and the state filter stays in the address', async ({
  page,
  login,
}) => {
  await login(ACCOUNTS.admin);
  await page.goto('/app/jobs?state=done');
  // The overview's count opens that kind's jobs in that state.
  await page.getByRole('button', { name: /^Генерация промокодов: Ошибка — [1-9]\d*$/ }).click();
  // Failed is the screen's default state, so the address names only the kind.
  await expect(page).toHaveURL(/\/app\/jobs\?kind=promo-generation$/);
  await expect(page.getByRole('radio', { name: /^Ошибка/ })).toBeChecked();
  const { row, id } = await aFailedGeneration(page);
  await row.getByRole('button', { name: 'Отменить' }).click();
  const dialog = page.getByRole('dialog', { name: `Отменить задачу №${id} «Генерация промокодов»?` });
  await expect(dialog).toContainText('Созданные коды останутся в серии');
  // «Не отменять» first: nothing happens.
  await dialog.getByRole('button', { name: 'Не отменять' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Ошибка', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Отменить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(page.getByText(`Задача №${id} отменена`)).toBeVisible();
  await showState(page, 'Отменена');
  await expect(page).toHaveURL(/kind=promo-generation/);
  await expect(page).toHaveURL(/state=canceled/);
  await expect(jobRow(page, id)).toContainText('Отменена');
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Отменена/ })).toBeChecked();
  await expect(jobRow(page, id)).toBeVisible();
});

test('kinds and states are named in the reader’s language', async ({ page, login }) => {
  await login(ACCOUNTS.admin);
  await storeThemeOnEveryLoad(page, { locale: 'en' });
  await page.goto('/app/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Promo code generation/ }).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Failed/ })).toBeChecked();
  await expect(page.getByText('Генерация промокодов')).toHaveCount(0);
});

test('an editor has no jobs entry in the menu', async ({ page, login }) => {
  await login(ACCOUNTS.editor);
  await page.goto('/app/home');
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  await expect(menu.getByRole('menuitem', { name: 'Push-уведомления' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Фоновые задачи' })).toHaveCount(0);
});

/** What has the focus: a tag and its accessible text, or «body» when it fell out of the page's controls. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent ?? ''}`.trim();
  });

test('keyboard only: a failed job is retried with Tab and Enter, and the focus stays on the screen', async ({
  page,
  login,
}) => {
  await login(ACCOUNTS.admin);
  await page.goto('/app/jobs');
  const { row, id } = await aFailedGeneration(page);
  const retry = row.getByRole('button', { name: 'Повторить' });
  // From the state switch, Tab reaches the row's buttons (no mouse): at most a screenful of stops.
  await page.getByRole('radio', { name: /^Ошибка/ }).focus();
  for (let step = 0; step < 60 && !(await retry.evaluate((button) => button === document.activeElement)); step++)
    await page.keyboard.press('Tab');
  await expect(retry).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Задача №${id} снова в очереди`)).toBeVisible();
  await expect(jobRow(page, id)).toHaveCount(0);
  // The row and its button are gone: the focus moved on to the next failed job's first button.
  await expect.poll(() => focused(page)).toBe('button Повторить');

  // Cancel the job that now has the focus, by keyboard: Tab to «Отменить», Enter, confirm with Enter.
  const next = page.getByRole('row').filter({ has: page.locator(':focus') });
  const nextId = /Генерация промокодов\s*№(\d+)/.exec((await next.textContent()) ?? '')?.[1] ?? '';
  await page.keyboard.press('Tab');
  await expect(jobRow(page, nextId).getByRole('button', { name: 'Отменить' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Отменить задачу №${nextId} «Генерация промокодов»?` });
  await expect(dialog.getByRole('button', { name: 'Отменить', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Задача №${nextId} отменена`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(jobRow(page, nextId)).toHaveCount(0);
  await expect.poll(() => focused(page)).not.toBe('body');
});

test('right to left: numbers keep their order and the table still fits at 1280 px', async ({ page, login }) => {
  await login(ACCOUNTS.admin);
  await storeThemeOnEveryLoad(page, { direction: 'rtl' });
  await page.goto('/app/jobs');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const { row } = await aFailedGeneration(page);
  // «попытка 5 из 5» and «0 из 40» read as written, not «5 из 5 попытка».
  const attempts = row.locator('.jobs-attempts');
  await expect(attempts).toHaveText('попытка 5 из 5');
  const order = await attempts.evaluate((element) => {
    const text = element.firstChild;
    if (!text) return null;
    const at = (from: number, to: number) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, to);
      return range.getBoundingClientRect().left;
    };
    const content = text.textContent ?? '';
    return { word: at(0, 7), number: at(content.indexOf('5'), content.indexOf('5') + 1) };
  });
  expect(order, 'the word «попытка» before its number, as in Russian').not.toBeNull();
  expect(order?.word ?? 0).toBeLessThan(order?.number ?? 0);
  const sideways = await page
    .locator('.jobs-table .ant-table-content, .jobs-table .ant-table-body')
    .first()
    .evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
  expect(sideways, 'pixels to scroll sideways').toBeLessThanOrEqual(0);
});
