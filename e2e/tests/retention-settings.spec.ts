import { ACCOUNTS } from '../accounts';
import { apiAs, expect, test } from '../fixtures';

/** How long old records are kept (issue 33 item 6, and the history of issue 32): the settings screen's switches and months. */
test('an admin sets how long old records are kept, and it survives a reload', async ({ page, login }) => {
  const session = await login(ACCOUNTS.admin);
  const client = apiAs(session.apiToken);
  const original = (await client.settings.get()).retention;
  try {
    await page.goto('/app/common/settings');
    const form = page.getByTestId('settings-form');
    await expect(form.getByText('Хранение старых записей')).toBeVisible();
    // The whole audit log is kept unless asked otherwise; deliveries and sign-ins have a period.
    const audit = form.getByRole('switch', { name: 'Удалять старые записи: Весь журнал аудита' });
    await expect(audit).not.toBeChecked();
    await expect(form.getByRole('switch', { name: 'Удалять старые записи: Доставки push-уведомлений' })).toBeChecked();
    // The records' history too (issue 32), except each record's latest version.
    const history = form.getByRole('switch', { name: 'Удалять старые записи: История изменений' });
    await expect(history).not.toBeChecked();
    await expect(form.getByText('Последняя версия каждой записи остаётся всегда')).toBeVisible();

    await audit.click();
    const months = form.getByRole('spinbutton', { name: 'Срок хранения в месяцах: Весь журнал аудита' });
    await expect(months).toHaveValue('36');
    await months.fill('24');
    const signIns = form.getByRole('switch', { name: 'Удалять старые записи: Записи о входах' });
    await signIns.click();
    await expect(signIns).not.toBeChecked();
    await history.click();
    await form.getByRole('spinbutton', { name: 'Срок хранения в месяцах: История изменений' }).fill('18');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Настройки сохранены')).toBeVisible();
    expect((await client.settings.get()).retention).toEqual({
      ...original,
      auditMonths: 24,
      signInsMonths: null,
      revisionsMonths: 18,
    });

    await page.reload();
    await expect(
      page
        .getByTestId('settings-form')
        .getByRole('spinbutton', { name: 'Срок хранения в месяцах: Весь журнал аудита' }),
    ).toHaveValue('24');
    await expect(
      page.getByTestId('settings-form').getByRole('switch', { name: 'Удалять старые записи: Записи о входах' }),
    ).not.toBeChecked();
    await expect(
      page.getByTestId('settings-form').getByRole('spinbutton', { name: 'Срок хранения в месяцах: История изменений' }),
    ).toHaveValue('18');
  } finally {
    await client.settings.update({ body: { retention: original } });
  }
});
