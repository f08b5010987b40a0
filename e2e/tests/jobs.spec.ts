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
