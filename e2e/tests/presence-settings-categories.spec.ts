import type { Browser, Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS, type Account } from '../accounts';
import { contextDefaults } from '../browser-options';
import { apiAs, expect as baseExpect, storeSessionOnNextLoad, test } from '../fixtures';
import { signIn } from './promo-api';

/** Presence on the settings screen and on the Telegram board's categories (issue 32 item 4, decision 0043). */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** A staff member of the test's own, named, so the notices read «Сейчас редактирует: Ирина Петрова». */
async function irina(role: 'admin' | 'editor'): Promise<Account> {
  const account: Account = {
    email: `irina.${role}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@pult.test`,
    password: 'Presence-pass-2024',
    role,
    firstName: 'Ирина',
    lastName: 'Петрова',
  };
  await apiAs(await signIn()).users.create({ body: { ...account } });
  return account;
}

/** A person's own browser, signed in. */
async function browserOf(browser: Browser, account: Account) {
  const context = await browser.newContext({ ...contextDefaults });
  const page = await context.newPage();
  const session = sessionOf(await apiAs().auth.signin({ body: { email: account.email, password: account.password } }));
  await storeSessionOnNextLoad(page, session);
  return { context, page };
}

/** Opens a screen and waits until its live stream is open (it loads after the first paint). */
async function open(page: Page, path: string) {
  const listening = page.waitForResponse((response) => response.url().includes('/api/events?ticket='));
  await page.goto(path);
  await listening;
}

test('two admins on the settings: the second sees who edits them, and the first is told when it is taken over', async ({
  browser,
}) => {
  const first = await browserOf(browser, await irina('admin'));
  const second = await browserOf(browser, ACCOUNTS.admin);
  try {
    await open(first.page, '/app/common/settings');
    await expect(first.page.getByTestId('settings-form')).toBeVisible();
    await open(second.page, '/app/common/settings');
    const bar = second.page.getByTestId('presence-bar');
    await expect(bar.getByText('Сейчас редактирует: Ирина Петрова')).toBeVisible();

    await bar.getByRole('button', { name: 'Перехватить' }).click();
    await second.page.getByRole('dialog').getByRole('button', { name: 'Перехватить' }).click();
    await expect(first.page.getByText('Анна Петрова перехватил(а) редактирование', { exact: false })).toBeVisible();
    await expect(bar.getByText('Сейчас редактирует', { exact: false })).toHaveCount(0);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('a category whose title someone renames shows who, and the second to rename is told', async ({ browser }) => {
  const account = await irina('editor');
  const title = `Присутствие ${Date.now().toString(36)}`;
  await apiAs(await signIn(account)).telegramChannels.saveCategory({ body: { title } });
  const first = await browserOf(browser, account);
  const second = await browserOf(browser, ACCOUNTS.editor);
  try {
    await open(first.page, '/app/telegram-chanels');
    await open(second.page, '/app/telegram-chanels');
    const mine = first.page.getByTestId(`category-${title}`);
    const theirs = second.page.getByTestId(`category-${title}`);
    await expect(theirs).toBeVisible();

    // The first starts renaming: the other board says so on that category.
    await mine.getByRole('button', { name: 'Переименовать' }).click();
    await expect(mine.getByRole('textbox')).toBeFocused();
    await expect(theirs.getByText('Сейчас редактирует: Ирина Петрова')).toBeVisible();

    // The second starts renaming too: told who holds it, with a take-over.
    await theirs.getByRole('button', { name: 'Переименовать' }).click();
    const bar = theirs.getByTestId('presence-bar');
    await expect(bar.getByText('Сейчас редактирует: Ирина Петрова')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Перехватить' })).toBeVisible();
    await second.page.keyboard.press('Escape');

    // The first gives up (Escape): the lock is let go at once and the notice goes.
    await mine.getByRole('textbox').press('Escape');
    await expect(theirs.getByText('Сейчас редактирует', { exact: false })).toHaveCount(0);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
