import type { Browser, Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS, type Account } from '../accounts';
import { contextDefaults } from '../browser-options';
import { apiAs, expect, storeSessionOnNextLoad, test } from '../fixtures';
import { createGeneratedSeries, signIn } from './promo-api';

/** Presence and soft edit locks (issue 32 item 4, docs/decisions/0043): two people, two browsers, one note. */

const PASSWORD = 'Presence-pass-2024';

/** An editor of the test's own, named, so the notices read «Сейчас редактирует: Ирина Петрова». */
async function namedEditor(): Promise<Account> {
  const account: Account = {
    email: `presence.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@pult.test`,
    password: PASSWORD,
    role: 'editor',
    firstName: 'Ирина',
    lastName: 'Петрова',
  };
  await apiAs(await signIn()).users.create({ body: { ...account } });
  return account;
}

/** A person's own browser, signed in, `width` px wide. */
async function browserOf(browser: Browser, account: Account, width: number = contextDefaults.viewport.width) {
  const context = await browser.newContext({ ...contextDefaults, viewport: { width, height: 844 } });
  const page = await context.newPage();
  const session = sessionOf(await apiAs().auth.signin({ body: { email: account.email, password: account.password } }));
  await storeSessionOnNextLoad(page, session);
  return { context, page };
}

/** Opens the note and waits until its tab has said it is there, and the live stream is open. */
async function openNote(page: Page, id: number) {
  const beat = page.waitForResponse(
    (response) => response.url().includes(`/api/events/presence/note/${id}`) && response.request().method() === 'PUT',
  );
  const listening = page.waitForResponse((response) => response.url().includes('/api/events?ticket='));
  await page.goto(`/app/notes/${id}`);
  expect((await beat).ok()).toBe(true);
  await listening;
}

test.describe('who else is on a record', () => {
  test('the second person sees who edits; closing the first tab releases it at once', async ({ browser }) => {
    const irina = await namedEditor();
    const note = await apiAs(await signIn(irina)).notes.create({ body: { title: `Присутствие ${Date.now()}` } });
    const first = await browserOf(browser, irina);
    const second = await browserOf(browser, ACCOUNTS.admin, 390);

    await openNote(first.page, note.id);
    await openNote(second.page, note.id);
    const bar = second.page.getByTestId('presence-bar');
    await expect(bar.getByText('Сейчас редактирует: Ирина Петрова')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Перехватить' })).toBeVisible();
    // The first person sees who else has the note open.
    await expect(first.page.getByTestId('presence-bar').getByText('Также открыли: Анна Петрова')).toBeVisible();
    await expect(first.page.getByText('Сейчас редактирует', { exact: false })).toHaveCount(0);

    // Closing the tab says goodbye on the way out (pagehide): the lock is free well before it would expire (30 s).
    await first.page.close({ runBeforeUnload: true });
    await expect(bar.getByText('Сейчас редактирует: Ирина Петрова')).toHaveCount(0, { timeout: 15_000 });
    await first.context.close();
    await second.context.close();
  });

  test('taking over warns first; the one who lost the lock is told and still saves through the version check', async ({
    browser,
  }) => {
    const irina = await namedEditor();
    const note = await apiAs(await signIn(irina)).notes.create({ body: { title: `Перехват ${Date.now()}` } });
    const first = await browserOf(browser, irina);
    const second = await browserOf(browser, ACCOUNTS.admin, 390);
    await openNote(first.page, note.id);
    await openNote(second.page, note.id);

    await second.page.getByRole('button', { name: 'Перехватить' }).click();
    const warning = second.page.getByRole('dialog', { name: 'Перехватить редактирование?' });
    await expect(warning).toContainText('Ирина Петрова сейчас правит эту запись');
    await warning.getByRole('button', { name: 'Перехватить' }).click();
    await expect(second.page.getByText('Сейчас редактирует', { exact: false })).toHaveCount(0);

    await expect(first.page.getByText('Анна Петрова перехватил(а) редактирование', { exact: false })).toBeVisible();
    // Ирина goes on typing; the admin saves first. Her save after losing the lock meets the conflict
    // dialog (If-Match), and keeping hers keeps the admin's title too: nothing is lost.
    await first.page.getByLabel('Текст (Markdown)').fill('Текст Ирины');
    await second.page.getByLabel('Заголовок').fill(`Перехват админа ${note.id}`);
    await second.page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(second.page.getByText('Сохранено', { exact: true })).toBeVisible();
    await first.page.getByRole('button', { name: 'Сохранить' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Запись изменили, пока вы её правили' });
    await dialog.getByRole('button', { name: 'Оставить моё' }).click();
    await expect(dialog).toHaveCount(0);
    const saved = await apiAs(await signIn(irina)).notes.get({ params: { id: note.id } });
    expect(saved).toMatchObject({ title: `Перехват админа ${note.id}`, body: 'Текст Ирины' });
    await first.context.close();
    await second.context.close();
  });

  test('a promo series: the theme tab is its form, the codes tab only looks', async ({ browser }) => {
    test.slow();
    const irina = await namedEditor();
    const series = await createGeneratedSeries(await signIn(), { codesCount: 5 });
    const first = await browserOf(browser, ACCOUNTS.admin);
    const second = await browserOf(browser, irina, 390);
    const beat = (page: Page) =>
      page.waitForResponse(
        (response) =>
          response.url().includes(`/api/events/presence/promo-series/${series.id}`) &&
          response.request().method() === 'PUT',
      );
    const firstBeat = beat(first.page);
    await first.page.goto(`/app/promo-codes/${series.id}?tab=theme`);
    expect((await firstBeat).ok()).toBe(true);
    const secondBeat = beat(second.page);
    await second.page.goto(`/app/promo-codes/${series.id}?tab=codes`);
    expect((await secondBeat).ok()).toBe(true);
    // Looking at the codes: who edits is said, with no take-over (there is no form open here).
    const bar = second.page.getByTestId('presence-bar');
    await expect(bar.getByText('Сейчас редактирует: Анна Петрова')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Перехватить' })).toHaveCount(0);
    await first.context.close();
    await second.context.close();
  });
});
