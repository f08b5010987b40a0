import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';
import { newEditor } from './new-editor';

/** Issue 31: on a staff member's page an admin sees their sessions and ends one or all; editors do not. */
for (const width of [1280, 390]) {
  test(`an admin ends one of a colleague's sessions, then all (${width} px)`, async ({ page, login }) => {
    await page.setViewportSize({ width, height: 844 });
    const colleague = await newEditor('sessions', 'Colleague-sessions-2024');
    const signIn = () => apiAs().auth.signin({ body: { email: colleague.email, password: colleague.password } });
    const first = await signIn();
    await signIn();
    const id = 'id' in first ? first.id : 0;

    await login(ACCOUNTS.admin);
    await page.goto(`/app/users/${id}`);
    const card = page.getByTestId('user-sessions-card');
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('listitem').first()).toContainText('IP-адрес: 127.0.0.1');
    await card
      .getByRole('button', { name: /^Завершить сеанс: / })
      .first()
      .click();
    await expect(page.getByText('Сеанс завершён')).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(1);

    await card.getByRole('button', { name: 'Завершить все сеансы' }).click();
    await expect(card.getByText('Активных сеансов нет.')).toBeVisible();
    // The colleague's token died with its session.
    await expect(apiAs('apiToken' in first ? first.apiToken : '').auth.me()).rejects.toThrow(/401/);
  });
}

test('an editor sees no sessions card on a colleague’s page', async ({ page, login }) => {
  const colleague = await newEditor('nosessions', 'Colleague-sessions-2024');
  const answer = await apiAs().auth.signin({ body: { email: colleague.email, password: colleague.password } });
  await login(ACCOUNTS.editor);
  await page.goto(`/app/users/${'id' in answer ? answer.id : 0}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-sessions-card')).toHaveCount(0);
});
