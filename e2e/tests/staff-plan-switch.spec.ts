import { expect, test } from '../fixtures';
import { createPlan, getPlan } from './subscriptions-data';

// Switching a plan off stops its sales: it asks first, as the promo-series switch does; on is immediate.
test('the plan switch asks before switching a plan off, and a cancel changes nothing', async ({ page, login }) => {
  const session = await login();
  const plan = await createPlan(session.apiToken);
  await page.goto('/app/subscriptions/desc');
  const toggle = page.getByRole('article', { name: plan.title }).getByRole('switch', { name: 'Включён' });
  await expect(toggle).toBeChecked();

  await toggle.click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Выключить тариф?' });
  await expect(confirm).toContainText(plan.title);
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(toggle).toBeChecked();
  expect((await getPlan(session.apiToken, plan.id))?.enabled).toBe(true);

  await toggle.click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Выключить' }).click();
  await expect(page.getByText(`Тариф «${plan.title}» выключен`)).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // Switching on asks nothing.
  await toggle.click();
  await expect(page.getByText(`Тариф «${plan.title}» включён`)).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Выключить тариф?' })).toHaveCount(0);
});
