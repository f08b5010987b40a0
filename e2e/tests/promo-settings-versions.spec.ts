import type { Page } from '@playwright/test';
import { sessionOf } from '@pult/contract';
import { ACCOUNTS } from '../accounts';
import { contextDefaults } from '../browser-options';
import { apiAs, expect, storeSessionOnNextLoad, test } from '../fixtures';
import { createGeneratedSeries } from './promo-api';

const signIn = async (account: { email: string; password: string }) =>
  sessionOf(await apiAs().auth.signin({ body: { email: account.email, password: account.password } }));

const CONFLICT = 'Запись изменили, пока вы её правили';

/** Both pages listen to the live stream before anyone saves (it is downloaded after the frame draws, 0040). */
const openListening = async (pages: Page[], path: string) => {
  const listening = pages.map((each) =>
    each.waitForResponse((response) => response.url().includes('/api/events?ticket=')),
  );
  for (const each of pages) await each.goto(path);
  await Promise.all(listening);
};

test.describe('a promo series’ versions', () => {
  test('two theme edits show in «История», read as the editor names them, and one comes back', async ({
    page,
    login,
  }) => {
    const admin = await login(ACCOUNTS.admin);
    const api = apiAs(admin.apiToken);
    const series = await createGeneratedSeries(admin.apiToken);
    const stamp = Date.now().toString(36);

    await page.goto(`/app/promo-codes/${series.id}?tab=theme`);
    const headline = page.getByLabel('Заголовок', { exact: true });
    await expect(headline).toBeVisible();
    for (const text of [`Первый ${stamp}`, `Второй ${stamp}`]) {
      await headline.fill(text);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText('Оформление сохранено').last()).toBeVisible();
      await expect(headline).toHaveValue(text);
    }
    await expect
      .poll(async () => (await api.promoCodes.getTheme({ params: { id: series.id } })).texts.headline)
      .toBe(`Второй ${stamp}`);

    const count = (await api.promoCodes.revisions({ params: { id: series.id } })).items.length;
    expect(count).toBeGreaterThanOrEqual(2);
    await page.getByRole('tab', { name: 'История' }).click();
    await expect(page.getByText(`Изменений: ${count}`)).toBeVisible();

    // The texts read by their names in the editor, not as JSON.
    const firstEdit = page
      .locator('.revision-item')
      .filter({ hasText: `Заголовок: Первый ${stamp}` })
      .filter({
        hasNotText: `Второй ${stamp}`,
      });
    await expect(firstEdit).toHaveCount(1);
    await expect(page.getByRole('cell', { name: /^\{/ })).toHaveCount(0);
    await expect(page.locator('.revision-item').first()).toContainText(`Заголовок: Второй ${stamp}`);

    // The first edit comes back as a new version.
    await firstEdit.getByRole('button', { name: 'Вернуть эту версию' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуть эту версию' }).click();
    await expect(page.getByText(`Изменений: ${count + 1}`)).toBeVisible();
    await expect
      .poll(async () => (await api.promoCodes.getTheme({ params: { id: series.id } })).texts.headline)
      .toBe(`Первый ${stamp}`);
    await page.getByRole('tab', { name: 'Оформление' }).click();
    await expect(page.getByLabel('Заголовок', { exact: true })).toHaveValue(`Первый ${stamp}`);
  });

  test('two people on one theme: the stale save meets the conflict dialog and «Оставить моё» keeps both edits', async ({
    page,
    login,
    browser,
  }) => {
    const editor = await login(ACCOUNTS.editor);
    const admin = await signIn(ACCOUNTS.admin);
    // Plans are admins' to create: the series (and its plan, once per database) comes from the admin.
    const series = await createGeneratedSeries(admin.apiToken);
    const stamp = Date.now().toString(36);
    const original = await apiAs(editor.apiToken).promoCodes.getTheme({ params: { id: series.id } });

    const adminContext = await browser.newContext({ ...contextDefaults });
    try {
      const adminPage = await adminContext.newPage();
      await storeSessionOnNextLoad(adminPage, admin);
      await openListening([page, adminPage], `/app/promo-codes/${series.id}?tab=theme`);
      await expect(page.getByLabel('Подзаголовок', { exact: true })).toHaveValue(original.texts.subtitle);
      await expect(adminPage.getByLabel('Заголовок', { exact: true })).toHaveValue(original.texts.headline);

      // The editor types a subtitle; meanwhile the admin changes the headline and saves.
      await page.getByLabel('Подзаголовок', { exact: true }).fill(`Моё ${stamp}`);
      await adminPage.getByLabel('Заголовок', { exact: true }).fill(`Их ${stamp}`);
      await adminPage.getByRole('button', { name: 'Сохранить' }).click();
      await expect(adminPage.getByText('Оформление сохранено')).toBeVisible();

      // The editor's draft is not overwritten by the refreshed theme; the save meets the dialog.
      await expect(page.getByLabel('Подзаголовок', { exact: true })).toHaveValue(`Моё ${stamp}`);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      const dialog = page.getByRole('dialog', { name: CONFLICT });
      await expect(dialog).toBeVisible();
      const cells = (label: string) =>
        dialog
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
          .getByRole('cell');
      await expect(cells('Тексты · Заголовок')).toHaveText([
        'Тексты · Заголовок',
        original.texts.headline,
        `Их ${stamp}`,
      ]);
      await expect(cells('Тексты · Подзаголовок')).toHaveText([
        'Тексты · Подзаголовок',
        `Моё ${stamp}`,
        original.texts.subtitle,
      ]);
      await dialog.getByRole('button', { name: 'Оставить моё' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Оформление сохранено')).toBeVisible();

      // Both edits are kept: the admin's headline and the editor's subtitle.
      const saved = await apiAs(editor.apiToken).promoCodes.getTheme({ params: { id: series.id } });
      expect(saved.texts).toMatchObject({ headline: `Их ${stamp}`, subtitle: `Моё ${stamp}` });
      expect(saved.version).toBe(original.version + 2);
    } finally {
      await adminContext.close();
    }
  });
});

test.describe('two admins on the settings', () => {
  test('the stale save meets the conflict dialog and «Оставить моё» keeps both edits', async ({
    page,
    login,
    browser,
  }) => {
    const admin = await login(ACCOUNTS.admin);
    const api = apiAs(admin.apiToken);
    const original = await api.settings.get();
    const stamp = Date.now().toString(36);
    const otherContext = await browser.newContext({ ...contextDefaults });
    try {
      const otherPage = await otherContext.newPage();
      await storeSessionOnNextLoad(otherPage, await signIn(ACCOUNTS.admin));
      await openListening([page, otherPage], '/app/common/settings');
      const mine = page.getByTestId('settings-form');
      const theirs = otherPage.getByTestId('settings-form');
      await expect(mine.getByLabel('Контакт поддержки')).toHaveValue(original.supportContact);
      await expect(theirs.getByLabel('Название проекта')).toHaveValue(original.projectName);

      await mine.getByLabel('Контакт поддержки').fill(`support-${stamp}@example.com`);
      await theirs.getByLabel('Название проекта').fill(`Планер ${stamp}`);
      await theirs.getByRole('button', { name: 'Сохранить' }).click();
      await expect(otherPage.getByText('Настройки сохранены')).toBeVisible();

      await expect(mine.getByLabel('Контакт поддержки')).toHaveValue(`support-${stamp}@example.com`);
      await mine.getByRole('button', { name: 'Сохранить' }).click();
      const dialog = page.getByRole('dialog', { name: CONFLICT });
      await expect(dialog).toBeVisible();
      const cells = (label: string) =>
        dialog
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
          .getByRole('cell');
      await expect(cells('Название проекта')).toHaveText(['Название проекта', original.projectName, `Планер ${stamp}`]);
      await expect(cells('Контакт поддержки')).toHaveText([
        'Контакт поддержки',
        `support-${stamp}@example.com`,
        original.supportContact,
      ]);
      await dialog.getByRole('button', { name: 'Оставить моё' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Настройки сохранены')).toBeVisible();

      const saved = await api.settings.get();
      expect(saved).toMatchObject({ projectName: `Планер ${stamp}`, supportContact: `support-${stamp}@example.com` });
      // Fields neither person changed are as they were.
      expect(saved.promoActivationLimits).toEqual(original.promoActivationLimits);
    } finally {
      await otherContext.close();
      await api.settings.update({
        body: { projectName: original.projectName, supportContact: original.supportContact },
      });
    }
  });
});
