import { expect, test } from '../fixtures';

// The first click on a sortable column sorts ascending (А→Я), the second flips it.
test('the first click on a sortable column sorts ascending', async ({ page, login }) => {
  await login();
  await page.goto('/app/users');
  const header = page.locator('.users-table th').filter({ hasText: 'Электронная почта' });
  await expect(header).toBeVisible();
  await header.click();
  await expect(page).toHaveURL(/[?&]sort=email%3Aasc|[?&]sort=email:asc/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click();
  await expect(page).toHaveURL(/sort=email(%3A|:)desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
});
