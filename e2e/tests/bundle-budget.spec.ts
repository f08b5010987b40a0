import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * What a first visit downloads in JavaScript, gzip-compressed (issue #16). Budgets in bytes;
 * the byte count is deterministic for a build, so this is a size test, not a timing test.
 *
 * The targets are 150 kB (login) and 350 kB (shell). Before the split the login page loaded
 * 677 kB and the users list 683 kB; after it 387 kB and 591 kB; with the contract loaded per endpoint
 * group, antd's App in the staff layout and a native language picker, 327 kB and 569 kB; with the login
 * page drawn without antd, TanStack Query or zod and the features' texts left to the screens, 139 kB
 * and 577 kB (docs/decisions/0022); with the theme drawer and the command palette downloaded on their first
 * opening, 566 kB. The login budget is the target itself; the shell's holds what was won (about 2 % headroom).
 *
 * The number of scripts has a budget too. The shell was 95 scripts, most of them a few hundred bytes, which
 * queue on HTTP/1.1's six connections; small common chunks are now copied into the chunks that use them
 * (vite.config.ts), which leaves 39 and costs 566 → 627 kB gzip -9 (the wrappers that keep one instance of
 * each module; 534 → 553 kB as brotli, which is what a browser receives). Decision 0022, sixth look. The users
 * filter bar's box without antd's Card (which brings Tabs): 612 kB, 38 scripts; the saved views' two dialogs
 * and the new-user drawer downloaded on their first opening: 603 kB, 37 scripts; the users list's date range
 * picker downloaded when the field is first pointed at or focused: 562 kB. Live updates (the staff layout's
 * event stream and its query refreshes), saves with If-Match and the user page's history: 579 kB (stop 41),
 * budget 582 kB; issue 37 owes the cut to 350 kB. The staff frame drawn without antd except its navigation menu
 * (header buttons, language and profile menus, the page search, breadcrumbs, layout boxes; the narrow screens'
 * drawer and the live stream downloaded after the first paint, docs/decisions/0040): 555.9 kB, and the frame
 * alone (an /app address with no screen, measured since) 464.4 → 383.6 kB. The navigation menu drawn without
 * antd too, and dayjs and the small antd helpers that Button, Dropdown and Input share in chunks of their own
 * instead of copies in two or three chunks (vite.config.ts): 552.5 kB, the frame alone 358.6 kB. Stop 43's
 * staff-account care on every page (issue 31: the step-up dialog's catch in the request function, the idle
 * warning's clock, presence beats; the refused sign-ins notice only when there is one): 556.7 kB, the frame
 * alone 362.5 kB, so both budgets moved up by 1 kB. Stop 44: every feature's strings ride in the screens'
 * language chunk that both load (screens-ru, 21 kB gz), so each feature's new texts (history's comparison,
 * undo of the codes' block, retention, cohorts) and the idle clock's background marks made it 557.3 / 363.1 kB
 * (the polls' options kept out of the query client's chunk, which had split off as a 38th script): budgets
 * 559 / 365 kB. Each feature's texts downloaded with the screens that draw it (docs/decisions/0048; the
 * screens' chunk keeps antd's and dayjs's locales): 557.4 → 544.9 kB, the frame alone 363.2 → 347.8 kB (the
 * login page 145.1 → 147.1 kB: the entry holds the map of the 65 feature-text chunks), budgets 546 / 349 kB.
 * Messages, notifications and confirmations through `lib/feedback.tsx` instead of antd's `App`, whose engines
 * (Modal, message, notification and the form engine Modal brings) now come with the first one shown:
 * 546.9 → 525.1 kB, the frame alone 348.7 → 308.2 kB, budgets 527 / 310 kB. rc-form (Form, Field, useForm and
 * the async validator) no longer brought to every list by antd's form context and Radio (vite.config.ts): 509.1 kB,
 * 36 scripts, budget 511 kB. antd's Progress with the users export's first run: 503.2 kB (the frame alone 306.8 kB
 * as chunks regrouped), budgets 505 / 308 kB. Issue 37, step 1: zod off the first load (the API client calls
 * through a zod-free route table, `lib/api-routes.ts`, and parses answers with the contract's schemas only in
 * development; error bodies are checked by hand; the few contract constants the first screens read come from
 * `lib/contract-values.ts`): 464.6 kB, 29 scripts, the frame alone 275.6 kB (login 148.0 kB), budgets 467 / 278 kB.
 * Step 2: the users list drawn with the light kit (`components/lite/`) instead of antd's Table, which brought its
 * pagination, Select, tooltips, menus and Spin: 398.6 kB, 28 scripts (the frame alone 275.1 kB); the bulk bar and the
 * users export without antd's Typography: 388.9 kB, 27 scripts, budget 391 kB. Step 3: the lists' toolbar («Виды»,
 * «Столбцы», «Плотность») drawn with the kit and the frame's menu button instead of antd's Dropdown, menu, Popover and
 * Checkbox: 364.2 kB, 25 scripts; the users export's progress panel without antd's Popover, the avatars without antd's
 * Avatar (which brought its group, Popover and the tooltip engine) and the filter bar's field without the rest of
 * antd's Input (Search, TextArea, Password, OTP) and Space: 345.3 kB, 24 scripts (the frame alone 275.1 kB): the
 * issue's 350 kB is met; budget 347 kB.
 */
const TARGET = { login: 150_000, shell: 350_000 };
const BUDGET = { login: 150_000, shell: 347_000, frame: 278_000, loginScripts: 10, shellScripts: 26 };

const LANGUAGE_CHUNK = /\/assets\/(ru|en|zh|fr|ja)-[\w-]+\.js$/;
/** A feature's texts in one language (`texts-users-ru-…`), downloaded with the screens that draw it. */
const FEATURE_TEXTS = /\/assets\/texts-([\w-]+)-[\w-]{8}\.js$/;
const featureTexts = (urls: Set<string>) => [...urls].flatMap((url) => url.match(FEATURE_TEXTS)?.[1] ?? []).sort();

/** Every script the page requests from now on (the real requests, whatever the build named them). */
const recordScripts = (page: Page) => {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return urls;
};

/** The gzip size of each script as the server has it (level 9, as the build writes the `.gz` files). */
const gzipBytes = async (page: Page, urls: Set<string>) => {
  let total = 0;
  const sizes: string[] = [];
  for (const url of urls) {
    const response = await page.request.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(response.ok(), url).toBe(true);
    const bytes = gzipSync(await response.body(), { level: 9 }).length;
    total += bytes;
    sizes.push(`${(bytes / 1000).toFixed(1)} kB ${new URL(url).pathname}`);
  }
  return { total, report: sizes.sort().join('\n') };
};

test.describe('JavaScript a first visit downloads', () => {
  test('the login page stays within its budget and loads one language', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect([...scripts].filter((url) => LANGUAGE_CHUNK.test(url))).toEqual([expect.stringMatching(/\/assets\/ru-/)]);
    // The staff layout and the screens stay out of the login page.
    expect([...scripts].some((url) => /\/assets\/(app-layout|users|home)-/.test(url))).toBe(false);
    const { total, report } = await gzipBytes(page, scripts);
    console.log(
      `login: ${(total / 1000).toFixed(1)} kB gz (target ${TARGET.login / 1000} kB), ${scripts.size} scripts\n${report}`,
    );
    expect(total, report).toBeLessThanOrEqual(BUDGET.login);
    expect(scripts.size, report).toBeLessThanOrEqual(BUDGET.loginScripts);
  });

  test('the signed-in shell with the users list stays within its budget', async ({ page, login }) => {
    // Signing in loads no page: what is recorded below is the first load of the origin.
    await login();
    const scripts = recordScripts(page);
    await page.goto('/app/users');
    // A cold load of the whole shell on a shared, loaded machine: a generous upper bound, not a timing check.
    await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');

    expect([...scripts].filter((url) => LANGUAGE_CHUNK.test(url))).toHaveLength(1);
    // The users feature's texts, and no other feature's (docs/decisions/0048).
    expect(featureTexts(scripts)).toEqual(['users-ru']);
    const { total, report } = await gzipBytes(page, scripts);
    console.log(
      `shell: ${(total / 1000).toFixed(1)} kB gz (target ${TARGET.shell / 1000} kB), ${scripts.size} scripts\n${report}`,
    );
    expect(total, report).toBeLessThanOrEqual(BUDGET.shell);
    expect(scripts.size, report).toBeLessThanOrEqual(BUDGET.shellScripts);
  });

  test('the staff frame alone stays within its budget', async ({ page, login }) => {
    // An /app address with no screen of its own: the header, navigation, breadcrumbs and footer, with the
    // small not-found view (issue #37: the frame drawn without antd).
    await login();
    const scripts = recordScripts(page);
    await page.goto('/app/no-such-screen');
    await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');

    expect(featureTexts(scripts)).toEqual([]);
    const { total, report } = await gzipBytes(page, scripts);
    console.log(`frame: ${(total / 1000).toFixed(1)} kB gz, ${scripts.size} scripts\n${report}`);
    expect(total, report).toBeLessThanOrEqual(BUDGET.frame);
  });

  test('switching the language downloads that language only then', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    expect([...scripts].some((url) => /\/assets\/en-/.test(url))).toBe(false);

    await page.getByRole('combobox', { name: 'Язык' }).selectOption({ label: 'English' });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect([...scripts].some((url) => /\/assets\/en-/.test(url))).toBe(true);
  });
});
