import type { Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import type { AxeResults, NodeResult } from 'axe-core';
import { ACCOUNTS } from '../accounts';
import { appRoutePaths, appRouteUrls, authRoutePaths } from '../app-routes';
import { analyzeWithAxe } from '../axe';
import { navigateInApp } from '../client-navigation';
import { apiAs, expect, storeThemeOnEveryLoad, test } from '../fixtures';
import { keysIn, keysOnPage } from '../translation-keys';
import { activateAsPlanner, createGeneratedSeries, firstCodes } from './promo-api';

/**
 * WCAG 2.2 AA on every screen, light and dark: axe finds no serious or critical violation, and each
 * screen has exactly one `<h1>`. The routes come from the router itself (see `app-routes.ts`).
 * The light sweep runs every WCAG rule; the dark one runs the rules that depend on colour, because
 * the themes differ only in their colours (structure, names and roles are the same DOM).
 * The same walk reads each screen for translation keys drawn instead of text (translation-keys.ts):
 * the light sweep in Russian, the dark one in English.
 */
// Set-up makes a series with codes; a sweep of ~30 screens runs axe on each (seconds apiece on a busy machine).
test.describe.configure({ timeout: 300_000 });

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** The AA rules of axe's colour category (`cat.color`): all that a second theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const rulesFor = (theme: Theme) => (theme === 'dark' ? COLOUR_RULES : undefined);
/** Russian is the source language; the second sweep reads the screens in another one. */
const LOCALE: Record<Theme, string> = { light: 'ru', dark: 'en' };

/** One failing node as a line a person can act on: where it is and, for contrast, the figures. */
const describeNode = (node: NodeResult): string => {
  const target = node.target.join(' ');
  const data = node.any.find((check) => check.data && typeof check.data === 'object')?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined;
  const contrast = data?.contrastRatio
    ? ` — ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}`
    : '';
  const text = node.html.length > 120 ? `${node.html.slice(0, 120)}…` : node.html;
  return `${target}${contrast}\n        ${text}`;
};

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Collects findings over all screens, so one run reports every problem rather than the first. */
class Sweep {
  readonly findings: Finding[] = [];
  readonly headingProblems: string[] = [];
  readonly shownKeys: string[] = [];
  readonly endlessAnimations: string[] = [];

  /** `rules`: only these axe rules (all WCAG rules when not given). */
  constructor(
    private readonly page: Page,
    private readonly rules?: string[],
  ) {}

  async check(screen: string) {
    const page = this.page;
    // Lazy screens and their first data, then antd's enter transitions (colours mid-fade are not real).
    await expect(
      page.locator('.ant-skeleton, .lite-skeleton, .ant-spin-spinning, .loading-cover, .screen-loader'),
    ).toHaveCount(0);
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    const results: AxeResults = await analyzeWithAxe(
      page,
      this.rules ? { type: 'rule', values: this.rules } : { type: 'tag', values: WCAG_TAGS },
    );
    for (const violation of results.violations) {
      if (!BLOCKING.has(violation.impact ?? '')) continue;
      this.findings.push({
        screen,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.map(describeNode),
      });
    }
    const headings = await page.locator('h1').count();
    if (headings !== 1) this.headingProblems.push(`${screen}: ${headings} <h1>`);
    const keys = await keysOnPage(page);
    if (keys.length > 0) this.shownKeys.push(`${screen}: ${keys.join(', ')}`);
    // The browser asks for reduced motion (WCAG 2.3.3): nothing may move on a settled screen for ever
    // (antd's active progress bars did, on the promo-code list, at a fifth of a core).
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter(
          (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations === Infinity,
        )
        .map((animation) => (animation as CSSAnimation).animationName ?? 'a script animation'),
    );
    if (endless.length > 0) this.endlessAnimations.push(`${screen}: ${[...new Set(endless)].join(', ')}`);
  }

  report(): string {
    const perRule = new Map<string, number>();
    for (const finding of this.findings) perRule.set(finding.rule, (perRule.get(finding.rule) ?? 0) + 1);
    const summary = [...perRule].map(([rule, count]) => `${rule}: ${count} screen(s)`).join(', ');
    const details = this.findings.map(
      (finding) =>
        `\n[${finding.impact}] ${finding.rule} (${finding.help}) on ${finding.screen}\n      ${finding.nodes.join('\n      ')}`,
    );
    return `${summary}${details.join('')}`;
  }

  expectClean() {
    expect(this.findings, `serious or critical axe violations: ${this.report()}`).toEqual([]);
    expect(this.headingProblems, 'every screen has exactly one <h1>').toEqual([]);
    expect(this.shownKeys, 'translation keys on screen').toEqual([]);
    expect(this.endlessAnimations, 'endless animations with reduced motion asked for').toEqual([]);
  }
}

/** The theme and language the app reads at start, stored before its scripts run on every page of the test. */
const setTheme = (page: Page, theme: Theme) =>
  storeThemeOnEveryLoad(page, { currentTheme: theme, locale: LOCALE[theme] });

/** The rows the detail screens need, made once through the API. */
interface Fixture {
  urls: string[];
  reminderList: string;
  reminderTitle: string;
  seriesId: number;
  code: string;
}

let fixture: Fixture | undefined;

const makeFixture = async (): Promise<Fixture> => {
  const token = sessionOf(
    await apiAs().auth.signin({ body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } }),
  ).apiToken;
  const api = apiAs(token);
  const series = await createGeneratedSeries(token, { codesCount: 3, name: `Доступность ${Date.now()}` });
  const [used = '', code = ''] = await firstCodes(token, series.id, 2);
  await activateAsPlanner(used);
  const user = await api.users.create({ body: { email: `a11y.${Date.now()}@pult.test`, role: 'user' } });
  const note = await api.notes.create({ body: { title: `Заметка ${Date.now()}`, body: 'Текст заметки' } });
  // A disabled plan, so the plans screen is checked with both kinds of card (a faded one once failed contrast).
  const plan = await api.plans.create({
    body: { title: `Отключённый ${Date.now()}`, price: 29900, period: 'month', durationDays: 30 },
  });
  await api.plans.manage({ params: { id: plan.id, action: 'disable' } });
  const reminderTitle = `Доступность ${Date.now()}`;
  const scheduledAt = new Date(Date.now() + 86_400_000);
  await api.push.create({
    body: {
      title: reminderTitle,
      body: 'Проверка',
      type: 'users',
      userIds: [user.id],
      scheduledAt: scheduledAt.toISOString(),
    },
  });
  // The list filtered to the notification's day (in Moscow time, as the screen counts days).
  const day = new Date(scheduledAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  const reminderList = `/app/push-notifications?from=${day}&to=${day}`;

  expect(appRoutePaths().length).toBeGreaterThan(10);
  const urls = appRouteUrls({ 'users/:id': user.id, 'promo-codes/:id': series.id, 'notes/:id': note.id });
  // The series page's other tabs, and the notification list with a row to open.
  urls.push(`/app/promo-codes/${series.id}?tab=activated`, `/app/promo-codes/${series.id}?tab=theme`, reminderList);
  return { urls, reminderList, reminderTitle, seriesId: series.id, code };
};

test.beforeAll(async () => {
  fixture = await makeFixture();
});

const data = (): Fixture => {
  if (!fixture) throw new Error('the fixture was not made');
  return fixture;
};

/** The signed-in screens in two runs per theme, so that one test stays well inside its time limit. */
const PARTS = [1, 2] as const;
const partOf = (urls: string[], part: (typeof PARTS)[number]) => {
  const middle = Math.ceil(urls.length / 2);
  return part === 1 ? urls.slice(0, middle) : urls.slice(middle);
};

for (const theme of THEMES) {
  for (const part of PARTS)
    test(`signed-in screens pass axe (WCAG 2.2 AA), ${theme} theme, part ${part} of 2`, async ({ page, login }) => {
      const { reminderList, reminderTitle } = data();
      const urls = partOf(data().urls, part);
      await login();
      await setTheme(page, theme);
      await page.goto('/app/home');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${LOCALE[theme]}`));

      const sweep = new Sweep(page, rulesFor(theme));
      for (const url of urls) {
        await navigateInApp(page, url);
        await expect(page.locator('.app-content')).toBeVisible();
        await sweep.check(`${theme} ${url}`);
        if (url === reminderList) {
          // A notification's details open in a drawer over the list.
          await page.getByRole('button', { name: reminderTitle }).click();
          await expect(page.getByRole('dialog', { name: reminderTitle })).toBeVisible();
          await sweep.check(`${theme} ${url} (notification details)`);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: reminderTitle })).toBeHidden();
        }
      }
      sweep.expectClean();
    });

  test(`sign-in and error pages pass axe, ${theme} theme`, async ({ page }) => {
    const urls = [...authRoutePaths().map((path) => `/auth/${path}`), '/no-such-page'];
    expect(urls).toContain('/auth/login');
    await setTheme(page, theme);
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    const sweep = new Sweep(page, rulesFor(theme));
    for (const url of urls) {
      await navigateInApp(page, url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await sweep.check(`${theme} ${url}`);
    }
    sweep.expectClean();
  });
}

test('the public promo landing page passes axe, before and after a code check', async ({ page }) => {
  // Drawn by the API with the series' theme (the default one here); it has no light or dark of its own.
  const { seriesId, code } = data();
  const sweep = new Sweep(page);
  await page.goto(`/promo/${seriesId}`);
  await sweep.check(`/promo/${seriesId}`);
  const field = page.getByRole('textbox', { name: 'Промокод' });
  await field.fill(code);
  await field.press('Enter');
  await expect(page.getByRole('status')).toContainText('Код действителен');
  await sweep.check(`/promo/${seriesId} (a valid code checked)`);
  await page.getByRole('textbox', { name: 'Промокод' }).fill('NO-SUCH-CODE');
  await page.getByRole('textbox', { name: 'Промокод' }).press('Enter');
  await expect(page.getByRole('status')).toContainText('Такого кода нет');
  await sweep.check(`/promo/${seriesId} (an unknown code checked)`);
  sweep.expectClean();
});

test('the sweep can fail: a grey-on-white label, an unnamed button and a name without its label are reported', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const label = document.createElement('p');
    label.textContent = 'Бледный текст';
    label.style.cssText = 'color: #ddd; background: #fff';
    const button = document.createElement('button');
    button.innerHTML = '<svg width="8" height="8"></svg>';
    // Shows «RU» but is called «Язык» (WCAG 2.5.3; an experimental rule the sweep turns on).
    const mislabelled = document.createElement('button');
    mislabelled.textContent = 'RU';
    mislabelled.setAttribute('aria-label', 'Язык');
    document.body.append(label, button, mislabelled);
  });
  const sweep = new Sweep(page);
  await sweep.check('/auth/login with three planted defects');
  const rules = sweep.findings.map((finding) => finding.rule).sort();
  expect(rules).toEqual(['button-name', 'color-contrast', 'label-content-name-mismatch']);
});

test('the key finder finds a key and leaves e-mails, addresses and file names alone', () => {
  expect(
    keysIn(
      '— home.change.none\nadmin@pult.test, https://pult.test/app/users.list, planner://promo?code=A.B, ' +
        'pult.local, avatar.png, отчёт users-2026.csv, v1.2, т.д., 比較なしhome.kpi.usersActive。',
    ),
  ).toEqual(['home.change.none', 'home.kpi.usersActive']);
});
