import { ACCOUNTS } from '../accounts';
import { apiAs, expect as baseExpect, test } from '../fixtures';

/** Comparing any two revisions in «История» (issue 32 item 2, docs/decisions/0047). */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('a note with three revisions: the first and the third compared, the text word by word', async ({
  page,
  login,
}) => {
  const editor = await login(ACCOUNTS.editor);
  const api = apiAs(editor.apiToken);
  const stamp = Date.now().toString(36);
  const note = await api.notes.create({
    body: { title: `Сравнение ${stamp}`, body: 'Первый абзац.\n\nВторой абзац текста.' },
  });
  await api.notes.update({ params: { id: note.id }, body: { title: `Сравнение ${stamp} (черновик)` } });
  await api.notes.update({
    params: { id: note.id },
    body: { body: 'Первый абзац, длиннее.\n\nВторой текста и третий.' },
  });

  await page.goto(`/app/notes/${note.id}`);
  await page.getByRole('tab', { name: 'История' }).click();
  await expect(page.getByText('Изменений: 3')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Сравнить версию 1' }).check();
  await page.getByRole('checkbox', { name: 'Сравнить версию 3' }).check();

  const compared = page.getByRole('region', { name: 'Версия 1 → версия 3' });
  await expect(compared).toBeVisible();
  // The title: field by field, before and after.
  const title = compared.locator('[data-field="title"]');
  await expect(title).toContainText('Заголовок');
  await expect(title.locator('del')).toHaveText(`Сравнение ${stamp}`);
  await expect(title.locator('ins')).toHaveText(`Сравнение ${stamp} (черновик)`);
  // The text: only the words that changed are marked.
  const body = compared.locator('[data-field="body"]');
  await expect(body.locator('del')).toHaveText(['абзац']);
  await expect(body.locator('ins')).toHaveText([', длиннее', 'и третий']);
  await expect(body).toContainText('Первый абзац, длиннее.');
  await compared.screenshot({
    path: `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/revision-compare.png`,
  });

  // Two neighbours: only what the newer one changed; then closed.
  await page.getByRole('checkbox', { name: 'Сравнить версию 1' }).uncheck();
  await page.getByRole('checkbox', { name: 'Сравнить версию 2' }).check();
  const neighbours = page.getByRole('region', { name: 'Версия 2 → версия 3' });
  await expect(neighbours.locator('[data-field]')).toHaveCount(1);
  await expect(neighbours.locator('[data-field="body"]')).toBeVisible();
  await neighbours.getByRole('button', { name: 'Закрыть' }).click();
  await expect(neighbours).toHaveCount(0);
});
