import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Account } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { newEditor as newEditorAccount } from './new-editor';

/**
 * The second factor end to end (issue 31): an editor of its own enrols an authenticator in the
 * profile from the page's QR code and key, signs out, and signs in again with a code computed here
 * from that key, then once more with a recovery code.
 */
const newEditor = () => newEditorAccount('mfa', 'Second-factor-2024');

const totpOf = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const stepNow = () => Math.floor(Date.now() / 30_000);

/** What the authenticator app shows now, or for the next step when this one's code was already used. */
const codeAfter = (secret: string, usedStep: number) =>
  totpOf(secret).generate({ timestamp: Math.max(stepNow(), usedStep + 1) * 30_000 });

async function passwordStep(page: Page, account: Account) {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Электронная почта' }).fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Подтверждение входа' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
}

test('enrol an authenticator in the profile, then sign in with its code and with a recovery code', async ({
  page,
  login,
}) => {
  const account = await newEditor();
  await login(account);
  await page.goto('/app/profile');
  const card = page.getByTestId('security-card');
  await expect(card.getByText('Не подключена: для входа достаточно пароля.')).toBeVisible();
  await card.getByRole('button', { name: 'Подключить приложение-аутентификатор' }).click();

  await expect(card.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const usedStep = stepNow();
  await card.getByRole('textbox', { name: 'Код из приложения' }).fill(totpOf(secret).generate());
  await card.getByRole('button', { name: 'Подтвердить' }).click();

  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  expect(recoveryCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await card.getByRole('button', { name: 'Коды сохранены' }).click();
  await expect(card.getByText(/^Подключена .*Осталось резервных кодов: 10\.$/)).toBeVisible();
  // This browser's session is listed as this device.
  await expect(page.getByTestId('sessions-card').getByText('Это устройство')).toBeVisible();

  await signOut(page);
  await passwordStep(page, account);
  await page.getByRole('textbox', { name: 'Код из приложения' }).fill(codeAfter(secret, usedStep));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/app\//);
  await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible();

  await signOut(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Использовать резервный код' }).click();
  await page.getByRole('textbox', { name: 'Резервный код' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('button', { name: 'Меню профиля' })).toBeVisible();

  // The recovery code worked once: the profile counts one fewer.
  await page.goto('/app/profile');
  await expect(page.getByTestId('security-card').getByText(/Осталось резервных кодов: 9\.$/)).toBeVisible();
});

test('a wrong code is said on the form, and the password alone opens no session', async ({ page }) => {
  const account = await newEditor();
  const session = await apiAs().auth.signin({ body: { email: account.email, password: account.password } });
  if ('mfaRequired' in session) throw new Error('a fresh editor has no factor');
  const { secret } = await apiAs(session.apiToken).mfa.enrolTotp();
  await apiAs(session.apiToken).mfa.confirmTotp({ body: { code: totpOf(secret).generate() } });

  await passwordStep(page, account);
  await page.getByRole('textbox', { name: 'Код из приложения' }).fill('000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный или уже использованный код.');
  await expect(page.getByRole('textbox', { name: 'Код из приложения' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('@user'))).toBeNull();
  await page.getByRole('button', { name: 'Вернуться ко входу' }).click();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});
