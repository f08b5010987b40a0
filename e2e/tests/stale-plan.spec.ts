import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures';
import { createPlan, createPlannerUser, grant, pickSingleOption, unique } from './subscriptions-data';

// The machine is shared with other suites; first paints can take a while under load.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Set on the first load and read at the end: still there means no page load happened in between. */
const MARKER = 'pultSameDocument';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });

/** Opens a screen of the «Подписки» section from the side menu, opening the section if it is folded. */
const openSubscriptionsScreen = async (page: Page, name: string) => {
  const item = menu(page).getByRole('menuitem', { name, exact: true });
  if (!(await item.isVisible())) await menu(page).getByRole('menuitem', { name: 'Подписки', exact: true }).click();
  await item.click();
};

/** The titles the grant dialog offers, read from its plan select's open dropdown; closes the dialog after. */
const offeredPlans = async (page: Page, expectOffered: string): Promise<string[]> => {
  await page.getByRole('button', { name: 'Выдать подписку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Выдать подписку' });
  await dialog.getByLabel('Тариф').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // A plan known to be enabled shows first, so the list read below is the loaded one, not an empty start.
  await expect(dropdown.getByTitle(expectOffered, { exact: true })).toBeVisible();
  const titles = await dropdown
    .locator('.ant-select-item-option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('title') ?? ''));
  // Picking closes the dropdown, which could otherwise cover the dialog's buttons.
  await pickSingleOption(page, expectOffered);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  return titles;
};

test.describe('one cache of plans for every view', () => {
  test('a plan disabled on the plans screen is not offered by the grant dialog, without a reload', async ({
    page,
    login,
  }) => {
    const { apiToken } = await login();
    const kept = await createPlan(apiToken, unique('Остаётся'));
    const stale = await createPlan(apiToken, unique('Выключаемый'));
    const user = await createPlannerUser(apiToken, 'Кира');
    // A subscription puts the user on the users' subscriptions screen, the way back to them below.
    await grant(apiToken, user.id, kept.id);

    // The grant dialog is opened once while the plan is on, so whatever cache it reads holds it.
    await page.goto(`/app/users/${user.id}`);
    await page.evaluate((marker) => {
      (window as unknown as Record<string, unknown>)[marker] = true;
    }, MARKER);
    expect(await offeredPlans(page, kept.title)).toContain(stale.title);

    // The plans screen, reached through the menu: the admin switches the plan off.
    await openSubscriptionsScreen(page, 'Доступные подписки');
    await expect(page).toHaveURL(/\/app\/subscriptions\/desc$/);
    const toggle = page.getByRole('article', { name: stale.title }).getByRole('switch');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Выключить' }).click();
    await expect(page.getByText(`Тариф «${stale.title}» выключен`)).toBeVisible();

    // Back to the user through the menu and a link, within the same page: the dialog offers it no more.
    await openSubscriptionsScreen(page, 'Подписки пользователей');
    await page.getByRole('table').getByRole('link', { name: user.email, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/app/users/${user.id}$`));
    const offered = await offeredPlans(page, kept.title);
    expect(offered).not.toContain(stale.title);

    expect(await page.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], MARKER)).toBe(true);
  });
});
