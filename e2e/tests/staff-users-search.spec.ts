import { apiAs, expect, test } from '../fixtures';

test.describe.configure({ timeout: 90_000 });

// «Везде» must look in the e-mail, the phone and the name, whatever the typed text looks like.
test('the users search «Везде» finds a user by part of the e-mail, the phone or the name', async ({ page, login }) => {
  const session = await login();
  const api = apiAs(session.apiToken);
  const marker = `bulk${Date.now().toString(36)}`;
  const digits = String(Date.now()).slice(-9);
  await api.users.create({ body: { email: `${marker}@pult.test`, role: 'user' } });
  await api.users.create({
    body: { email: `other-${marker.slice(4)}@pult.test`, firstName: 'Ефросинья', lastName: marker, role: 'user' },
  });
  await api.users.create({ body: { email: `phone-${digits}@pult.test`, phoneNumber: `+79${digits}`, role: 'user' } });

  await page.goto('/app/users');
  const searchIn = page.getByRole('combobox', { name: 'Где искать' });
  const box = page.getByRole('textbox', { name: 'Поиск пользователей' });
  const rows = page.locator('.users-table tbody tr.lite-table-row');
  await expect(page.locator('.users-search')).toContainText('Везде');

  // Part of an e-mail (no «@»): the e-mail and the surname both contain it.
  await box.fill(marker);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${marker}@pult.test` })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Ефросинья' })).toHaveCount(1);
  await expect(page.locator('.users-search')).toContainText('Везде');
  await expect(page.locator('.users-search')).not.toContainText('По имени');

  // Part of a phone, as people type it.
  await box.fill(`9${digits.slice(0, 3)} ${digits.slice(3)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`phone-${digits}@pult.test`);
  await expect(searchIn).toBeVisible();
});
