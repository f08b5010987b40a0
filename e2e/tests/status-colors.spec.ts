import type { Locator } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import { createPlan, createPlannerUser, grant } from './subscriptions-data';

/** What a tag looks like: its text and background colours as drawn. */
const paint = (tag: Locator) =>
  tag.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });

test('«активна» is one colour in «Подписки пользователей», on the user page and in the users list', async ({
  page,
  login,
}) => {
  const session = await login(ACCOUNTS.admin);
  const plan = await createPlan(session.apiToken);
  const user = await createPlannerUser(session.apiToken, 'Цвет');
  await grant(session.apiToken, user.id, plan.id);

  await page.goto(`/app/subscriptions/items?user=${encodeURIComponent(user.email)}`);
  const inSubscriptions = page
    .getByRole('row')
    .locator('.ant-tag', { hasText: /^активна$/i })
    .first();
  await expect(inSubscriptions).toBeVisible();
  const green = await paint(inSubscriptions);
  // The theme's success colour (config/theme-tokens.ts), not the gold the users' screens gave it.
  expect(green.color).toBe('rgb(47, 125, 16)');

  await page.goto(`/app/users/${user.id}`);
  const onPage = page.locator('.ant-tag', { hasText: /^активна$/i });
  await expect(onPage.first()).toBeVisible();
  for (const tag of await onPage.all()) expect(await paint(tag)).toEqual(green);

  // The users list: an active account means the same as an active subscription.
  await page.goto(`/app/users?q=${encodeURIComponent(user.email)}`);
  const row = page.getByRole('row', { name: new RegExp(user.email) });
  const account = row.locator('.ant-tag', { hasText: /^активен$/i });
  await expect(account).toBeVisible();
  expect(await paint(account)).toEqual(green);
  const subscription = row.locator('.ant-tag', { hasText: /^активна$/i });
  if (await subscription.count()) expect(await paint(subscription)).toEqual(green);
});
