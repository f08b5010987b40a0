import type { Page } from '@playwright/test';
import type { Account } from '../accounts';
import { BASE_URL } from '../accounts';
import { expect, test } from '../fixtures';
import { newEditor as newEditorAccount } from './new-editor';

/**
 * Passkeys end to end (issue 31) with Chromium's virtual authenticator (DevTools `WebAuthn`): an editor of
 * its own adds a passkey in the profile, signs out and signs in with it, renames it and removes it. A
 * passkey belongs to a domain, never an IP address, so this runs at the server's `localhost` twin of
 * BASE_URL (decision 0041); the page at 127.0.0.1 links there.
 */
const LOCAL = BASE_URL.replace('127.0.0.1', 'localhost');

const newEditor = () => newEditorAccount('passkey', 'Passkey-editor-2024');

/** A platform authenticator that says yes at once (presence and verification simulated), for this page. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function passwordStep(page: Page, account: Account) {
  await page.goto(`${LOCAL}/auth/login`);
  await page.getByRole('textbox', { name: 'Электронная почта' }).fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test('add a passkey in the profile, sign in with it by keyboard, rename it and remove it', async ({ page }) => {
  const account = await newEditor();
  await addAuthenticator(page);
  // This origin's storage is not the fixture's: start it signed out.
  await page.goto(`${LOCAL}/auth/login`);
  await page.evaluate(() => localStorage.clear());
  await passwordStep(page, account);
  await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible();

  await page.goto(`${LOCAL}/app/profile`);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByText('Ключей доступа пока нет.')).toBeVisible();
  await card.getByRole('button', { name: 'Добавить ключ доступа' }).click();
  await expect(card.getByText('Введите название до 64 символов')).toBeVisible();
  await card.getByRole('textbox', { name: 'Название нового ключа' }).fill('Рабочий ноутбук');
  await card.getByRole('button', { name: 'Добавить ключ доступа' }).click();
  // The account's first factor: ten recovery codes, shown once.
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'Коды сохранены' }).click();
  await expect(card.getByText('Рабочий ноутбук', { exact: true })).toBeVisible();
  await expect(card.getByText(/ещё не использовался/)).toBeVisible();
  await expect(
    page
      .getByTestId('security-card')
      .getByText('Приложение-аутентификатор не подключено. Осталось резервных кодов: 10.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await passwordStep(page, account);
  await expect(page.getByRole('heading', { name: 'Подтверждение входа' })).toBeVisible();
  // No authenticator app on this account: the passkey is the way offered first, its button focused.
  const usePasskey = page.getByRole('button', { name: 'Использовать ключ доступа' });
  await expect(usePasskey).toBeFocused();
  await expect(page.getByRole('button', { name: 'Использовать резервный код' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible();

  await page.goto(`${LOCAL}/app/profile`);
  await expect(card.getByText('Рабочий ноутбук', { exact: true })).toBeVisible();
  await expect(card.getByText(/ещё не использовался/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Переименовать ключ «Рабочий ноутбук»' }).click();
  const rename = page.getByRole('dialog', { name: 'Переименовать ключ доступа' });
  await rename.getByRole('textbox', { name: 'Название' }).fill('Ключ в кармане');
  await rename.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByText('Ключ в кармане', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Удалить ключ «Ключ в кармане»' }).click();
  const remove = page.getByRole('dialog', { name: 'Удалить ключ «Ключ в кармане»?' });
  await remove.getByLabel('Пароль').fill('not the password');
  await remove.getByRole('button', { name: 'Удалить' }).click();
  await expect(remove.getByText('Неверный пароль')).toBeVisible();
  await remove.getByLabel('Пароль').fill(account.password);
  await remove.getByRole('button', { name: 'Удалить' }).click();
  await expect(card.getByText('Ключей доступа пока нет.')).toBeVisible();
  await expect(
    page.getByTestId('security-card').getByText('Не подключена: для входа достаточно пароля.'),
  ).toBeVisible();
});

test('at 127.0.0.1 the profile links to the address where passkeys work; 390 px without sideways scroll', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(await newEditor());
  await page.goto('/app/profile');
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByRole('link', { name: LOCAL })).toHaveAttribute('href', `${LOCAL}/app/profile`);
  await expect(card.getByRole('button', { name: 'Добавить ключ доступа' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
