import type { Page } from '@playwright/test';
import type { Account } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { closeWithEscape } from '../look';
import { signIn } from './promo-api';

/**
 * Step-up in the browser (issue 31, docs/decisions/0044): a dangerous action the API refuses with
 * 403 STEP_UP_REQUIRED opens one dialog, the person proves it is them, and the same request goes again.
 *
 * A session is its own proof for 5 minutes after the sign-in, and the e2e server runs on the real
 * clock: the API's first answer to the export is made stale here (the test answers it 403
 * STEP_UP_REQUIRED, as the server does for a session older than 5 minutes, which the API tests cover on
 * an injected clock); the proof and the retried export are the real server's.
 */
const PASSWORD = 'Step-up-admin-2024';

async function newAdmin(): Promise<Account> {
  const account: Account = {
    email: `stepup.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@pult.test`,
    password: PASSWORD,
    role: 'admin',
  };
  await apiAs(await signIn()).users.create({ body: { ...account } });
  return account;
}

/** The next export is answered as for a session whose proof is older than 5 minutes; later ones pass. */
async function staleOnce(page: Page) {
  let refused = false;
  await page.route('**/api/users/export-data**', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 403,
        error: 'Forbidden',
        code: 'STEP_UP_REQUIRED',
        message: 'Confirm it is you: this action needs a proof from the last 5 minutes',
      }),
    });
  });
}

for (const width of [1280, 390]) {
  test(`the export asks for the password once, then downloads (${width} px)`, async ({ page, login }) => {
    await page.setViewportSize({ width, height: 844 });
    await login(await newAdmin());
    await page.goto('/app/users');
    await staleOnce(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Выгрузить CSV' }).click();

    const dialog = page.getByRole('dialog', { name: 'Подтвердите, что это вы' });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel('Пароль');
    await expect(password).toBeFocused();
    await password.fill('not the password');
    await password.press('Enter');
    await expect(dialog.getByText('Неверный пароль')).toBeVisible();
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();

    await expect(dialog).toBeHidden();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-.*\.csv$/);
    await expect(page.getByText('Файл выгружен')).toBeVisible();
  });
}

test('cancelling the dialog leaves the action undone and says why', async ({ page, login }) => {
  await login(await newAdmin());
  await page.goto('/app/users');
  await staleOnce(page);
  await page.getByRole('button', { name: 'Выгрузить CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Подтвердите, что это вы' });
  await expect(dialog).toBeVisible();
  await closeWithEscape(page, dialog);
  await expect(page.getByText('Действие требует подтверждения личности.')).toBeVisible();
});
