import type { Page } from '@playwright/test';

/**
 * Finds translation keys drawn instead of their text. A key missing from the locale files is drawn
 * as the key itself: «home.change.none» sat on every card of the home screen. The web's unit tests
 * check the keys the code writes out (src/locales/keys-in-code.test.ts) and that every language has
 * every key and plural form (locales.test.ts); reading what the screens say also catches keys built
 * at run time (`roles.${role}`). The accessibility sweep reads every screen with this, in Russian
 * (light theme) and English (dark theme), so no separate walk of the screens is needed.
 */

/**
 * `a.b` or `a.b.c` in camelCase segments, standing alone: not part of an e-mail, a URL or a path
 * (no `@`, `/`, `:` or word character on either side). ASCII only on purpose: Chinese or Japanese
 * text runs straight into a key with no space.
 */
const KEY_SHAPED = /(?<![\w@.:/\\-])[a-z][a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+(?![\w@/\\-]|\.\w)/g;
/** What ends a domain name or a file name, never a key of ours. */
const NOT_KEYS =
  /\.(ru|com|org|net|io|app|dev|local|test|demo|example|png|jpe?g|gif|webp|svg|pdf|csv|json|txt|md|xlsx?|js|css|html)$/i;

/** The key-shaped words of a text, minus domains and file names. */
export const keysIn = (text: string): string[] => [
  ...new Set([...text.matchAll(KEY_SHAPED)].map((match) => match[0]).filter((word) => !NOT_KEYS.test(word))),
];

/** The key-shaped words the page shows (its text and its title); call it once the screen has loaded. */
export const keysOnPage = async (page: Page): Promise<string[]> =>
  keysIn(await page.evaluate(() => `${document.title}\n${document.body.innerText}`));
