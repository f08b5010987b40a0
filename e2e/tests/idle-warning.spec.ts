import { sessionOf } from '@pult/contract';
import { contextDefaults } from '../browser-options';
import { apiAs, expect, storeSessionOnNextLoad, test } from '../fixtures';
import { newEditor } from './new-editor';

/**
 * Issue 31: a minute before the idle time-out (the setting, 30 minutes by default) the SPA warns
 * «Сеанс скоро завершится»; «Остаться в системе» keeps the session, and after the end the sign-in page
 * says why. The page's clock is Playwright's, moved forward; the server's idle end is the API tests'.
 * (Before the end the page makes no request, so the server, on the real clock, still has the session.)
 * The moved clock cannot be taken back, so the test has a browser context of its own.
 */
for (const width of [1280, 390]) {
  test(`the warning, staying, then the end with its reason (${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ ...contextDefaults, viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.clock.install();
    const editor = await newEditor('idle', 'Idle-warning-2024');
    const session = sessionOf(await apiAs().auth.signin({ body: { email: editor.email, password: editor.password } }));
    await storeSessionOnNextLoad(page, session);
    // A page that polls nothing: any request counts as activity, for the server and for the warning.
    // Everything the page asks for at its opening (the live stream's ticket comes last, with its chunk)
    // is asked before the clock moves: a request sent after would count as activity at the moved time.
    const ticket = page.waitForResponse('**/api/events/ticket');
    await page.goto('/app/profile');
    await ticket;
    await expect(page.getByTestId('sessions-card').getByRole('listitem')).toHaveCount(1);

    // 30 minutes of idleness, less the minute the server may count early, less the warning's minute.
    await page.clock.runFor('27:50');
    await expect(page.getByRole('dialog', { name: 'Сеанс скоро завершится' })).toHaveCount(0);
    await page.clock.runFor('00:20');
    // Time flows again from here: React reveals a loaded chunk after a timer of its own.
    await page.clock.resume();
    const dialog = page.getByRole('dialog', { name: 'Сеанс скоро завершится' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('timer')).toContainText('Через');
    await dialog.getByRole('button', { name: 'Остаться в системе' }).click();
    await expect(dialog).toBeHidden();

    // Staying was a request: the next warning is a whole idle period away; past it, the end.
    await page.clock.fastForward('27:00');
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('02:10');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByText('Сеанс завершён из-за бездействия. Войдите снова.')).toBeVisible();
    await context.close();
  });
}
