import type { Locator, Page } from '@playwright/test';
import { sessionOf, type User } from '@pult/contract';
import { ACCOUNTS, type Account } from '../accounts';
import { contextDefaults } from '../browser-options';
import { apiAs, expect as baseExpect, storeSessionOnNextLoad, storeThemeOnEveryLoad, test } from '../fixtures';
import {
  colourViolations,
  darkRtlPhone,
  focusIsOnAnElement,
  historyTablesFit,
  noSidewaysScroll,
  PHONE,
  pressUntilFocused,
} from '../look';
import { signIn } from './promo-api';

/**
 * Issue 32's screens in the dark theme, right to left, on a 390 px phone, by keyboard alone: the presence
 * notice and its take-over, the conflict dialog, «История» (compare two versions, restore one) and the
 * «Отменить» of a bulk block. Nothing scrolls sideways, colours keep AA contrast, and the focus never
 * falls to <body> when a dialog opens or closes.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/**
 * Whether `after` is drawn after `before` in reading order left to right (a later line, or further right on
 * the same one); the two may sit in different text nodes (a word diff's marks). Null when either is missing.
 */
const drawnAfter = (locator: Locator, before: string, after: string) =>
  locator.evaluate(
    (element, [a = '', b = '']) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const box = (node: Text, from: number, length: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, from + length);
        return range.getBoundingClientRect();
      };
      const firstAt = nodes.findIndex((node) => node.data.includes(a));
      const firstNode = nodes[firstAt];
      if (!firstNode) return null;
      const i = firstNode.data.indexOf(a);
      for (let k = firstAt; k < nodes.length; k++) {
        const node = nodes[k] as Text;
        const j = node.data.indexOf(b, k === firstAt ? i + a.length : 0);
        if (j < 0) continue;
        const first = box(firstNode, i, a.length);
        const second = box(node, j, b.length);
        return second.top > first.bottom - 1 || second.left >= first.right - 1;
      }
      return null;
    },
    [before, after],
  );

/** An editor of the test's own, named, so the notices read «Сейчас редактирует: Ирина Петрова». */
async function namedEditor(): Promise<Account> {
  const account: Account = {
    email: `look.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@pult.test`,
    password: 'Presence-pass-2024',
    role: 'editor',
    firstName: 'Ирина',
    lastName: 'Петрова',
  };
  await apiAs(await signIn()).users.create({ body: { ...account } });
  return account;
}

/** Opens a note and waits until its tab has said it is there (presence) and the live stream is open. */
async function openNote(page: Page, id: number) {
  const beat = page.waitForResponse(
    (response) => response.url().includes(`/api/events/presence/note/${id}`) && response.request().method() === 'PUT',
  );
  const listening = page.waitForResponse((response) => response.url().includes('/api/events?ticket='));
  await page.goto(`/app/notes/${id}`);
  expect((await beat).ok()).toBe(true);
  await listening;
}

test('presence, take-over and the conflict dialog on a note: dark, RTL, 390 px, keyboard only', async ({
  page,
  login,
  browser,
}) => {
  const irina = await namedEditor();
  const irinaToken = await signIn(irina);
  const stamp = Date.now().toString(36);
  const note = await apiAs(irinaToken).notes.create({ body: { title: `Вид ${stamp}`, body: 'Исходный текст' } });

  // Ирина has the note open in her own browser: she holds its soft edit lock.
  const irinaContext = await browser.newContext({ ...contextDefaults });
  try {
    const irinaPage = await irinaContext.newPage();
    await storeSessionOnNextLoad(
      irinaPage,
      sessionOf(await apiAs().auth.signin({ body: { email: irina.email, password: irina.password } })),
    );
    await openNote(irinaPage, note.id);

    await darkRtlPhone(page);
    await login(ACCOUNTS.admin);
    await openNote(page, note.id);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // «Сейчас редактирует: Ирина Петрова», readable in the dark theme, its take-over reached by Tab.
    const bar = page.getByTestId('presence-bar');
    await expect(bar.getByText('Сейчас редактирует: Ирина Петрова')).toBeVisible();
    await noSidewaysScroll(page);
    expect(await colourViolations(page)).toEqual([]);
    const takeOver = bar.getByRole('button', { name: 'Перехватить' });
    await pressUntilFocused(page, takeOver);
    await page.keyboard.press('Enter');
    const warning = page.getByRole('dialog', { name: 'Перехватить редактирование?' });
    await expect(warning).toContainText('Ирина Петрова сейчас правит эту запись');
    await focusIsOnAnElement(page);
    expect(await colourViolations(page)).toEqual([]);
    // The warning's confirm button has the focus (antd's confirm): Enter takes the lock.
    await expect(warning.getByRole('button', { name: 'Перехватить' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toHaveCount(0);
    await expect(bar.getByText('Сейчас редактирует', { exact: false })).toHaveCount(0);
    // The take-over button is gone with the lock: the focus is on the note's heading, not on <body>.
    await focusIsOnAnElement(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(irinaPage.getByText('Анна Петрова перехватил(а) редактирование', { exact: false })).toBeVisible();

    // The admin types in the text (Tab from the heading); Ирина, in her browser, saves a new title meanwhile.
    const text = page.getByLabel('Текст (Markdown)');
    await pressUntilFocused(page, text);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Текст админа');
    await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();
    await irinaPage.getByLabel('Заголовок').fill(`Вид ${stamp} от Ирины`);
    await irinaPage.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await apiAs(irinaToken).notes.get({ params: { id: note.id } })).version).toBe(2);
    const changed = page.getByText('Ирина Петрова только что изменил(а) эту запись', { exact: false });
    await expect(changed).toBeVisible();
    // The notice is a Russian sentence on an RTL page: its full stop stays at its end («разницу.», not «.…»).
    expect(await drawnAfter(changed, 'разницу', '.')).toBe(true);

    // «Сохранить» is above the form: Shift+Tab back to it, Enter; the save is stale and the dialog opens.
    await pressUntilFocused(page, page.getByRole('button', { name: 'Сохранить' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы её правили' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Заголовок/ })).toContainText(`Вид ${stamp} от Ирины`);
    await expect(dialog.getByRole('row', { name: /Текст/ })).toContainText('Текст админа');
    await focusIsOnAnElement(page);
    await noSidewaysScroll(page);
    expect(await colourViolations(page)).toEqual([]);

    // Keyboard only: Tab stays inside the dialog and reaches «Оставить моё»; Enter saves both edits.
    const keepMine = dialog.getByRole('button', { name: 'Оставить моё' });
    await pressUntilFocused(page, keepMine, 'Tab', 20);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // The dialog is gone with the conflict: the focus is back on «Сохранить», where it was.
    await focusIsOnAnElement(page);
    await expect(page.getByRole('button', { name: 'Сохранить' })).toBeFocused();
    await expect
      .poll(async () => apiAs(irinaToken).notes.get({ params: { id: note.id } }))
      .toMatchObject({ title: `Вид ${stamp} от Ирины`, body: 'Текст админа' });
    await noSidewaysScroll(page);
  } finally {
    await irinaContext.close();
  }
});

test('«История»: compare two versions and restore one, by keyboard, dark, RTL, 390 px', async ({ page, login }) => {
  const editor = await login(ACCOUNTS.editor);
  const api = apiAs(editor.apiToken);
  const stamp = Date.now().toString(36);
  const note = await api.notes.create({
    body: { title: `История ${stamp}`, body: 'Первый абзац заметки, довольно длинный, чтобы переноситься.' },
  });
  await api.notes.update({ params: { id: note.id }, body: { title: `История ${stamp} (черновик)` } });
  await api.notes.update({
    params: { id: note.id },
    body: { body: 'Первый абзац заметки, длиннее на 100 %, чтобы переноситься на телефоне.' },
  });

  await darkRtlPhone(page);
  await page.goto(`/app/notes/${note.id}`);
  await expect(page.getByLabel('Заголовок')).toHaveValue(`История ${stamp} (черновик)`);

  // The tabs by keyboard: Tab to the active one, the arrow towards «История», Enter.
  const historyTab = page.getByRole('tab', { name: 'История' });
  await pressUntilFocused(page, page.getByRole('tab', { name: 'Правка' }));
  await pressUntilFocused(page, historyTab, 'ArrowLeft', 3);
  await page.keyboard.press('Enter');
  await expect(historyTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Изменений: 3')).toBeVisible();
  await noSidewaysScroll(page);
  await historyTablesFit(page.locator('body'));
  expect(await colourViolations(page)).toEqual([]);

  // Tick versions 3 and 1 with Space: the comparison opens above the list.
  const tick = (version: number) => page.getByRole('checkbox', { name: `Сравнить версию ${version}` });
  await pressUntilFocused(page, tick(3));
  await page.keyboard.press('Space');
  await pressUntilFocused(page, tick(1));
  await page.keyboard.press('Space');
  const compared = page.getByRole('region', { name: 'Версия 1 → версия 3' });
  await expect(compared).toBeVisible();
  await expect(compared.locator('[data-field="title"] ins')).toHaveText(`История ${stamp} (черновик)`);
  await expect(compared.locator('[data-field="body"] ins').first()).toBeVisible();
  await noSidewaysScroll(page);
  expect(await colourViolations(page)).toEqual([]);
  // A Russian sentence reads in its own order on an RTL page: «100 %,» not «,% 100», «телефоне.» not «.…».
  const body = compared.locator('[data-field="body"] .text-diff');
  expect(await drawnAfter(body, '100', '%')).toBe(true);
  expect(await drawnAfter(body, 'телефоне', '.')).toBe(true);
  // Before → after: on an RTL page before is on the right, and the arrow points left, towards after.
  const titleValues = compared.locator('[data-field="title"]');
  const [before, after] = await Promise.all(
    ['del', 'ins'].map((tag) => titleValues.locator(tag).evaluate((element) => element.getBoundingClientRect().left)),
  );
  expect(before).toBeGreaterThan(after ?? Number.POSITIVE_INFINITY);
  expect(
    await titleValues.locator('.revision-compare-arrow').evaluate((element) => getComputedStyle(element).transform),
  ).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/history-dark-rtl-390.png`,
    fullPage: true,
  });

  // Restore version 1 by keyboard: the button, then the confirmation, which takes the focus.
  const versionOne = page.locator('.revision-item').filter({ hasText: 'версия 1' });
  const restore = versionOne.getByRole('button', { name: 'Вернуть эту версию' });
  await pressUntilFocused(page, restore);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Вернуть запись к этой версии? Это будет новое изменение.' });
  await expect(confirm).toBeVisible();
  await focusIsOnAnElement(page);
  expect(await colourViolations(page)).toEqual([]);
  await expect(confirm.getByRole('button', { name: 'Вернуть эту версию' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Изменений: 4')).toBeVisible();
  // The focus is back on the button that asked, which stays with its version.
  await expect(restore).toBeFocused();
  await expect.poll(async () => (await api.notes.get({ params: { id: note.id } })).title).toBe(`История ${stamp}`);

  // The comparison closes by keyboard too.
  await pressUntilFocused(page, compared.getByRole('button', { name: 'Закрыть' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(compared).toHaveCount(0);
  await focusIsOnAnElement(page);
  await expect(tick(3)).toBeFocused();
});

test('«Отменить» after a bulk block, by keyboard, dark, RTL, 390 px', async ({ page, login }) => {
  const session = await login(ACCOUNTS.admin);
  const client = apiAs(session.apiToken);
  const marker = `look${Date.now().toString(36)}`;
  const made: User[] = [];
  for (const suffix of ['a', 'b']) {
    made.push(await client.users.create({ body: { email: `${marker}-${suffix}@pult.test`, role: 'user' } }));
  }

  await darkRtlPhone(page);
  await page.goto(`/app/users?q=${marker}&in=email`);
  const rows = page.locator('.users-table tr.lite-table-row');
  await expect(rows).toHaveCount(2, { timeout: 60_000 });
  for (const user of made) {
    await pressUntilFocused(page, page.getByRole('checkbox', { name: `Выбрать ${user.email}` }));
    await page.keyboard.press('Space');
  }
  const bar = page.getByRole('region', { name: 'Действия с выбранными' });
  await pressUntilFocused(page, bar.getByRole('button', { name: 'Заблокировать' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Заблокировать выбранных (2)' });
  await expect(dialog.locator('[data-outcome="done"]')).toHaveText('2');
  const confirm = dialog.getByRole('button', { name: 'Заблокировать' });
  await pressUntilFocused(page, confirm, 'Tab', 20);
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Готово, изменено: 2');
  await focusIsOnAnElement(page);

  // The report's «Готово» has the focus; the action's «Отменить» is reached by keyboard inside the dialog
  // (the notification offering it too is outside the dialog's focus trap) and puts both users back.
  await expect(dialog.getByRole('button', { name: 'Готово', exact: true })).toBeFocused();
  const offer = page.locator('.ant-notification-notice').filter({ hasText: 'Заблокировано: 2' });
  await expect(offer.getByRole('button', { name: 'Отменить' })).toBeVisible();
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Отменить' }), 'Shift+Tab', 10);
  // That the focus holds the offer past its 10 s is the next test's, on a clock of its own.
  await expect(offer.getByRole('button', { name: 'Отменить' })).toBeVisible();
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/undo-offer-held-dark-rtl-390.png`,
  });
  expect(await colourViolations(page)).toEqual([]);
  await noSidewaysScroll(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Отменено: 2', { exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      Promise.all(made.map(async (user) => (await client.users.get({ params: { id: user.id } })).status)),
    )
    .toEqual(['active', 'active']);
  await expect(offer).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Отменить' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Готово', exact: true })).toBeFocused();
  // «Готово» closes the report; the bar is gone with the choice, so the focus goes to the heading.
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(rows.filter({ hasText: made[0]?.email ?? '' })).toContainText('Активен');
});

/**
 * The offer's 10 s on Playwright's clock instead of the wall's: held while the focus is on «Отменить» (the
 * report dialog's), then, once the focus leaves, gone when its time is up, with nobody waiting 10 s. A moved
 * clock cannot be taken back, so the test has a browser context of its own (the shared profile refuses one).
 */
test('the «Отменить» offer: held by the focus past 10 s, gone 10 s after it runs, on a clock of its own', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...contextDefaults, viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.clock.install();
    const session = sessionOf(
      await apiAs().auth.signin({ body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } }),
    );
    await storeSessionOnNextLoad(page, session);
    await storeThemeOnEveryLoad(page, { currentTheme: 'dark', direction: 'rtl' });
    const client = apiAs(session.apiToken);
    const marker = `clock${Date.now().toString(36)}`;
    const made: User[] = [];
    for (const suffix of ['a', 'b'])
      made.push(await client.users.create({ body: { email: `${marker}-${suffix}@pult.test`, role: 'user' } }));

    await page.goto(`/app/users?q=${marker}&in=email`);
    const rows = page.locator('.users-table tr.lite-table-row');
    await expect(rows).toHaveCount(2, { timeout: 60_000 });
    for (const user of made) await page.getByRole('checkbox', { name: `Выбрать ${user.email}` }).check();
    await page
      .getByRole('region', { name: 'Действия с выбранными' })
      .getByRole('button', { name: 'Заблокировать' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Заблокировать выбранных (2)' });
    await expect(dialog.locator('[data-outcome="done"]')).toHaveText('2');
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    // The pointer away from where the notice appears: on it, it would hold the offer too.
    await page.mouse.move(PHONE.width / 2, PHONE.height - 4);
    await expect(dialog).toContainText('Готово, изменено: 2');
    const offer = page.locator('.ant-notification-notice').filter({ hasText: 'Заблокировано: 2' });
    await expect(offer.getByRole('button', { name: 'Отменить' })).toBeVisible();

    // The focus on the report's «Отменить» holds the offer; from here the page's time moves only when told.
    await dialog.getByRole('button', { name: 'Отменить' }).focus();
    // A second ahead of the page's time: on a loaded machine more than 100 ms can pass between reading
    // the time and pausing, and a pause in the past is refused. The offer is held, so the jump moves nothing.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    const barValue = () => offer.locator('progress').evaluate((bar: HTMLProgressElement) => bar.value);
    const held = await barValue();
    expect(held).toBeGreaterThan(0);
    await page.clock.runFor(11_000);
    await expect(offer.getByRole('button', { name: 'Отменить' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Отменить' })).toBeFocused();
    expect(Math.abs((await barValue()) - held)).toBeLessThan(1);

    // The focus leaves: the count runs on from where it stood, and the offer goes when it is up, not before.
    await dialog.getByRole('button', { name: 'Готово', exact: true }).focus();
    const left = (held / 100) * 10_000;
    await page.clock.runFor(Math.max(0, Math.round(left) - 1_000));
    await expect(offer.getByRole('button', { name: 'Отменить' })).toBeVisible();
    expect(await barValue()).toBeLessThan(held);
    await page.clock.runFor(2_000);
    // Over, on the stopped clock: the report's «Отменить» goes at once (the notice's leaving animation needs time).
    await expect(dialog.getByRole('button', { name: 'Отменить' })).toHaveCount(0);
    await page.clock.resume();
    await expect(offer).toHaveCount(0);
    // Nothing was undone: both stay blocked.
    expect(
      await Promise.all(made.map(async (user) => (await client.users.get({ params: { id: user.id } })).status)),
    ).toEqual(['blocked', 'blocked']);
  } finally {
    await context.close();
  }
});

test('«История» on a user’s page and in a plan’s drawer: dark, RTL, 390 px, restore by keyboard', async ({
  page,
  login,
}) => {
  const session = await login(ACCOUNTS.admin);
  const api = apiAs(session.apiToken);
  const stamp = Date.now().toString(36);
  const user = await api.users.create({ body: { email: `history.${stamp}@pult.test`, role: 'user' } });
  await api.users.update({
    params: { id: user.id },
    body: { firstName: 'Мария-Луиза', lastName: 'Длиннофамильная-Без-Единого-Пробела' },
  });
  const title = `Тариф ${stamp}`;
  const plan = await api.plans.create({
    body: { title, description: 'Коротко', price: 99000, period: 'month', durationDays: 30 },
  });
  await api.plans.update({
    params: { id: plan.id },
    body: { description: 'Новое описание тарифа, длинное, чтобы переноситься на телефоне: 100 % возможностей.' },
  });

  await darkRtlPhone(page);
  // The user's «История изменений», below the profile: two changes, compared by keyboard.
  await page.goto(`/app/users/${user.id}`);
  await expect(page.getByText('Изменений: 2')).toBeVisible();
  await pressUntilFocused(page, page.getByRole('checkbox', { name: 'Сравнить версию 2' }), 'Tab', 120);
  await page.keyboard.press('Space');
  await pressUntilFocused(page, page.getByRole('checkbox', { name: 'Сравнить версию 1' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Версия 1 → версия 2' })).toBeVisible();
  await noSidewaysScroll(page);
  await historyTablesFit(page.locator('body'));
  expect(await colourViolations(page)).toEqual([]);

  // The plan's drawer: its «История» tab, then version 1 restored by keyboard, the focus kept in the drawer.
  await page.goto('/app/subscriptions/desc');
  const edit = page.getByRole('article', { name: title }).getByRole('button', { name: 'Изменить' });
  await pressUntilFocused(page, edit, 'Tab', 120);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Редактирование тарифа' });
  const historyTab = drawer.getByRole('tab', { name: 'История' });
  await pressUntilFocused(page, drawer.getByRole('tab', { name: 'Правка' }));
  await pressUntilFocused(page, historyTab, 'ArrowLeft', 3);
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('Изменений: 2')).toBeVisible();
  await noSidewaysScroll(page);
  await historyTablesFit(drawer);
  // Every field by its name on the form, the currency too.
  await expect(drawer.getByRole('cell', { name: 'Валюта', exact: true })).toBeVisible();
  expect(await colourViolations(page)).toEqual([]);
  const restore = drawer
    .locator('.revision-item')
    .filter({ hasText: 'версия 1' })
    .getByRole('button', { name: 'Вернуть эту версию' });
  await pressUntilFocused(page, restore);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Вернуть запись к этой версии? Это будет новое изменение.' });
  await expect(confirm.getByRole('button', { name: 'Вернуть эту версию' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('Изменений: 3')).toBeVisible();
  await expect(restore).toBeFocused();
  await expect.poll(async () => (await api.plans.get({ params: { id: plan.id } })).description).toBe('Коротко');
  await page.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/plan-history-dark-rtl-390.png`,
  });
});
