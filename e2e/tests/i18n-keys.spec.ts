import type { Page } from '@playwright/test';
import { appRouteUrls, authRoutePaths } from '../app-routes';
import { navigateInApp } from '../client-navigation';
import { apiAs, expect, storeThemeOnEveryLoad, test } from '../fixtures';
import { createGeneratedSeries, signIn } from './promo-api';

/**
 * No screen shows a translation key instead of its text, in any of the five languages. A key missing
 * from the locale files is drawn as the key itself: «home.change.none» sat on every card of the home
 * screen. src/locales/keys-in-code.test.ts checks the keys the code writes out; this sweep reads what
 * the screens actually say, so keys built at run time (`roles.${role}`) are checked too.
 */
test.describe.configure({ timeout: 240_000 });

const LANGUAGES = ['ru', 'en'] as const;

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
const keysIn = (text: string): string[] =>
  [...text.matchAll(KEY_SHAPED)].map((match) => match[0]).filter((word) => !NOT_KEYS.test(word));

/** What the screen says: its text and its title, once the lazy parts and the first data are in. */
const shownText = async (page: Page): Promise<string> => {
  // An upper bound for a loaded machine (a CI run beside another at load 25 drew a blank page for 15 s).
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning, .loading-cover, .screen-loader')).toHaveCount(0, {
    timeout: 45_000,
  });
  return page.evaluate(() => `${document.title}\n${document.body.innerText}`);
};

interface Sweep {
  findings: string[];
  check: (page: Page, screen: string) => Promise<void>;
}

const sweep = (): Sweep => {
  const findings: string[] = [];
  return {
    findings,
    check: async (page, screen) => {
      const keys = keysIn(await shownText(page));
      if (keys.length > 0) findings.push(`${screen}: ${[...new Set(keys)].join(', ')}`);
    },
  };
};

let urls: string[] | undefined;

test.beforeAll(async () => {
  const token = await signIn();
  const api = apiAs(token);
  const series = await createGeneratedSeries(token, { codesCount: 2, name: `Ключи ${Date.now()}` });
  const user = await api.users.create({ body: { email: `keys.${Date.now()}@pult.test`, role: 'user' } });
  const note = await api.notes.create({ body: { title: `Ключи ${Date.now()}`, body: 'Текст', tags: ['а', 'б'] } });
  urls = [
    ...appRouteUrls({ 'users/:id': user.id, 'promo-codes/:id': series.id, 'notes/:id': note.id }),
    `/app/promo-codes/${series.id}?tab=activated`,
    `/app/promo-codes/${series.id}?tab=theme`,
  ];
});

test('the key finder finds a key and leaves e-mails, addresses and file names alone', () => {
  expect(
    keysIn(
      '— home.change.none\nadmin@pult.test, https://pult.test/app/users.list, planner://promo?code=A.B, ' +
        'pult.local, avatar.png, отчёт users-2026.csv, v1.2, т.д., 比較なしhome.kpi.usersActive。',
    ),
  ).toEqual(['home.change.none', 'home.kpi.usersActive']);
});

for (const language of LANGUAGES) {
  test(`no translation key on any screen in ${language}`, async ({ page, login }) => {
    const found = sweep();
    await storeThemeOnEveryLoad(page, { locale: language });

    // Signed out: the sign-in pages (two of them drawn without antd) and the other /auth screens.
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const path of authRoutePaths()) {
      await navigateInApp(page, `/auth/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await found.check(page, `/auth/${path}`);
    }

    await login();
    await page.goto('/app/home');
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
    for (const url of urls ?? []) {
      await navigateInApp(page, url);
      await expect(page.locator('.app-content')).toBeVisible();
      await found.check(page, url);
    }
    expect(found.findings, `translation keys on screen (${language})`).toEqual([]);
  });
}
