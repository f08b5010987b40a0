import type { Locator, Page } from '@playwright/test';
import { analyzeWithAxe } from './axe';
import { expect as baseExpect, storeThemeOnEveryLoad } from './fixtures';

/**
 * How a screen looks and behaves for a person on a phone, in the dark theme, right to left, by keyboard
 * alone: the checks the «look» specs share (history-and-conflicts-look, settings).
 */

const expect = baseExpect.configure({ timeout: 20_000 });

const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
export const PHONE = { width: 390, height: 844 };

/** Dark, right to left, 390 px wide: how every test here looks at the app. */
export async function darkRtlPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await storeThemeOnEveryLoad(page, { currentTheme: 'dark', direction: 'rtl' });
}

/** The page scrolls only downwards. */
export const noSidewaysScroll = async (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);

/** Every change's table in «История» fits its column: the values wrap, nothing is cut off at the side. */
export const historyTablesFit = async (scope: Locator) =>
  expect
    .poll(() =>
      scope
        .locator('.revision-history')
        .evaluateAll((lists) =>
          lists.flatMap((list) =>
            [...list.querySelectorAll('table')]
              .map((table) => table.getBoundingClientRect().width - list.getBoundingClientRect().width)
              .filter((excess) => excess > 1),
          ),
        ),
    )
    .toEqual([]);

/** Where the keyboard is: an element, never the document's body (a focus lost with a closed dialog). */
export const focusIsOnAnElement = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body))
    .toBe(true);

/**
 * Closes a drawer or modal with Escape, once it listens for it. antd starts listening for Escape on the
 * window in the same effects that move the focus into the drawer or modal (its panel, which holds the
 * element with the dialog role), and those run after the first paint: on a loaded machine a test saw
 * the drawer and its text and pressed Escape before anything listened (mrr-movements.spec in CI).
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await expect
    .poll(() =>
      dialog.evaluate((element) =>
        Boolean(element.closest('.ant-drawer, .ant-modal-wrap')?.contains(document.activeElement)),
      ),
    )
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export const colourViolations = async (page: Page) =>
  (await analyzeWithAxe(page, { type: 'rule', values: COLOUR_RULES })).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );

/** Presses `key` (Tab by default) until `target` has the focus, as a keyboard user would. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 60) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
