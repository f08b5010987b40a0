import { apiAs, expect, readStoredSession, test } from '../fixtures';
import { holdRequests } from '../network';

test.describe('session', () => {
  test('a reload keeps the user signed in, after a loading cover', async ({ page, login }) => {
    await login();
    await page.goto('/app/transactions');
    await expect(page.getByRole('heading', { name: 'Транзакции' })).toBeVisible();
    // Hold the session check to see the cover that waits for it: no screen may flash before it answers.
    const release = await holdRequests(page, '**/api/users/me');
    await page.reload();
    await expect(page.getByRole('status', { name: 'Загрузка…' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Транзакции' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Транзакции' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/transactions$/);
  });

  test('signing out clears the session and kills the token on the server', async ({ page, login }) => {
    const session = await login();
    await page.goto('/app/home');
    await page.getByRole('button', { name: 'Меню профиля' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await readStoredSession(page)).toBeNull();
    await expect(apiAs(session.apiToken).auth.me()).rejects.toMatchObject({
      status: 401,
      body: { code: 'TOKEN_EXPIRED' },
    });
    await page.goto('/app/home');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a session revoked on the server sends the user back to sign in', async ({ page, login }) => {
    const session = await login();
    await page.goto('/app/home');
    await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();
    expect(await apiAs(session.apiToken).auth.signout()).toEqual({ ok: true });

    // No reload: the next call the app makes meets the 401. That is the profile screen's, opened
    // here, unless a late call of the home screen (a card drawn once its chunk has run) comes first.
    const signedOut = page.waitForURL(/\/auth\/login$/);
    const viaProfile = (async () => {
      await page.getByRole('button', { name: 'Меню профиля' }).click();
      await page.getByRole('menuitem', { name: 'Профиль' }).click();
    })();
    viaProfile.catch(() => undefined); // the menu is gone when the late call won
    await Promise.race([signedOut, viaProfile.then(() => signedOut)]);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Сеанс завершён. Войдите снова.')).toBeVisible();
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a revoked session is noticed by the start-up check too', async ({ page, login }) => {
    const session = await login();
    await apiAs(session.apiToken).auth.signout();
    await page.goto('/app/push-notifications');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });

  test('a token about to expire is refreshed before it is used', async ({ page, login }) => {
    const session = await login();
    await page.goto('/auth/error-1');
    // The page shows only after its own start-up check of the session; were the deadline moved before
    // that check, this page would refresh the token (on a loaded machine it did) and /app/home would not.
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    // Pretend the hour is nearly over: fewer than 5 s remain on the client's deadline.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('@user') ?? '{}');
      localStorage.setItem('@user', JSON.stringify({ ...stored, apiTokenExpiresAt: Date.now() + 2000 }));
    });
    const refresh = page.waitForResponse((response) => response.url().endsWith('/api/users/refresh-token'));
    await page.goto('/app/home');
    expect((await refresh).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();

    const stored = await readStoredSession(page);
    expect(stored?.apiToken).toBeTruthy();
    expect(stored?.apiToken).not.toBe(session.apiToken);
    expect(stored?.refreshToken).not.toBe(session.refreshToken);
    expect(stored?.apiTokenExpiresAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect((await apiAs(stored?.apiToken).auth.me()).email).toBe(session.email);
  });
});
