import type { Locator } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { analyzeWithAxe } from '../axe';
import { apiAs, expect, storeThemeOnEveryLoad, test } from '../fixtures';
import { closeWithEscape } from '../look';

/**
 * Issue 34: the A/B composer and the comparison of texts in the dark theme, right to left, on a phone,
 * and by keyboard alone: nothing scrolls sideways, colours keep AA contrast, the shares read LTR.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Whether `after` is drawn after `before` in reading order left to right (same line: further right). */
const drawnAfter = (locator: Locator, before: string, after: string) =>
  locator.evaluate(
    (element, [a = '', b = '']) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node as Text).data;
        const i = text.indexOf(a);
        const j = text.indexOf(b, i + a.length);
        if (i < 0 || j < 0) continue;
        const box = (from: number, length: number) => {
          const range = document.createRange();
          range.setStart(node, from);
          range.setEnd(node, from + length);
          return range.getBoundingClientRect();
        };
        const first = box(i, a.length);
        const second = box(j, b.length);
        return second.top > first.bottom - 1 || second.left >= first.right - 1;
      }
      return null;
    },
    [before, after],
  );

test('the A/B composer and the comparison in the dark theme, right to left, at 390 px, by keyboard', async ({
  page,
  login,
}) => {
  const run = Date.now();
  const editor = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } }),
  );
  // An A/B push scheduled for tomorrow: its detail shows the comparison, every figure still zero.
  const title = `A/B вид ${run}`;
  await apiAs(editor.apiToken).push.create({
    body: {
      title,
      body: 'Первый текст',
      type: 'all',
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      ab: { variants: [{ title: `Второй ${run}`, body: 'Второй текст' }], split: [45, 45], holdout: 10 },
    },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await storeThemeOnEveryLoad(page, { currentTheme: 'dark', direction: 'rtl' });
  await login(ACCOUNTS.editor);
  await page.goto('/app/push-notifications?status=scheduled');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The comparison, opened from the list.
  await page.getByRole('button', { name: title }).click();
  const detail = page.getByRole('dialog', { name: title });
  const results = detail.getByTestId('variant-results');
  await expect(results.getByRole('heading', { name: 'Сравнение вариантов' })).toBeVisible();
  await expect(results.getByRole('row', { name: new RegExp(`B · Второй ${run}`) })).toContainText('45 %');
  // A share is a number with its unit: it reads «45 %» left to right on an RTL page too.
  const share = results.getByText('45 %').first();
  expect(await share.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await analyzeWithAxe(page, { type: 'rule', values: COLOUR_RULES })).violations.map((v) => v.id)).toEqual([]);
  await closeWithEscape(page, detail);

  // The composer, by keyboard: the A/B switch, then B's fields and the shares follow in the tab order.
  await page.getByRole('button', { name: 'Новое уведомление' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Новое push-уведомление' });
  const abSwitch = drawer.getByRole('checkbox', { name: 'A/B-тест вариантов' });
  await abSwitch.focus();
  await page.keyboard.press('Space');
  await expect(abSwitch).toBeChecked();
  const titleB = drawer.getByLabel('Заголовок B');
  await expect(titleB).toBeVisible();
  for (let i = 0; i < 10 && !(await titleB.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(titleB).toBeFocused();
  await page.keyboard.type(`Второй ${run}`);
  await page.keyboard.press('Tab');
  await expect(drawer.getByLabel('Текст B')).toBeFocused();
  await drawer.getByRole('spinbutton', { name: 'Доля A' }).fill('60');
  await drawer.getByRole('spinbutton', { name: 'Доля B' }).fill('50');
  const tooMuch = drawer.getByTestId('ab-rest');
  await expect(tooMuch).toHaveText('Доли и контрольная группа вместе больше 100 %.');
  // A Russian sentence keeps its order on an RTL page: «100 %.», not «.% 100»; the footer «© 2026 …» too.
  expect(await drawnAfter(tooMuch, '%', '.')).toBe(true);
  expect(await drawnAfter(page.locator('.app-footer'), '©', 'Pult')).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await analyzeWithAxe(page, { type: 'rule', values: COLOUR_RULES })).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: '.test-output/screenshots/push-ab-dark-rtl-390.png', fullPage: true });
});
