import { ACCOUNTS } from '../accounts';
import { analyzeWithAxe } from '../axe';
import { apiAs, expect as baseExpect, storeThemeOnEveryLoad, test } from '../fixtures';

// The machine is shared with other suites; first paints can take a while under load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;
const DEFAULTS = { refunds: 'onRefundDay', promoGrantsAsSubscribers: true } as const;

/** Issue 35 item 4 (docs/decisions/0049): the counting policies, chosen in the settings and printed on the home screen. */
test('an admin switches the refund and promo policies, and the home screen prints the new ones', async ({
  page,
  login,
}) => {
  const session = await login(ACCOUNTS.admin);
  const client = apiAs(session.apiToken);
  await client.settings.update({ body: { analytics: DEFAULTS } });
  try {
    await page.goto('/app/home');
    const note = page.getByTestId('home-policies');
    await expect(note).toContainText('Возвраты учитываются в день возврата');
    await expect(note).toContainText('промо-подписки считаются подписками');

    // The admin's link leads to the setting itself.
    await note.getByRole('link', { name: 'Изменить правила подсчёта' }).click();
    await expect(page).toHaveURL(/\/app\/common\/settings#analytics$/);
    const form = page.getByTestId('settings-form');
    await expect(form.getByRole('heading', { name: 'Подсчёт на главной' })).toBeInViewport();
    const onRefundDay = form.getByRole('radio', { name: 'В день возврата: прошедшие дни не меняются' });
    await expect(onRefundDay).toBeChecked();
    await page.screenshot({ path: shots('settings-analytics') });
    await form.getByRole('radio', { name: 'Задним числом: оплата исчезает из дня, когда её получили' }).check();
    const promo = form.getByRole('switch', { name: 'Считать промо-подписки подписками' });
    await expect(promo).toBeChecked();
    await promo.click();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Настройки сохранены')).toBeVisible();
    expect((await client.settings.get()).analytics).toEqual({
      refunds: 'rewriteClosedDays',
      promoGrantsAsSubscribers: false,
    });

    await page.goto('/app/home');
    await expect(note).toContainText('Возвраты вычитаются из дня оплаты');
    await expect(note).toContainText('промо-подписки не считаются подписками');
    // The figures beside it are those of the new policy.
    const data = await client.dashboard.data({ query: { period: 30 } });
    expect(data.policies).toEqual({ refunds: 'rewriteClosedDays', promoGrantsAsSubscribers: false });
    const active = page.getByTestId('home-kpis').locator('.kpi-card').filter({ hasText: 'Активные подписки' });
    await expect(active).toContainText(new Intl.NumberFormat('ru-RU').format(data.subscriptions.active.current));
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots('home-policies') });
  } finally {
    await client.settings.update({ body: { analytics: DEFAULTS } });
  }
});

test('an editor reads the policy in force without a link; at 390 px in the dark theme it wraps and keeps contrast', async ({
  page,
  login,
}) => {
  await login(ACCOUNTS.editor);
  await storeThemeOnEveryLoad(page, { currentTheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/home');
  const note = page.getByTestId('home-policies');
  await expect(note).toContainText(/Возвраты (учитываются в день возврата|вычитаются из дня оплаты)/);
  await expect(note.getByRole('link')).toHaveCount(0);
  await note.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  const rules = { type: 'rule' as const, values: ['color-contrast'] };
  expect((await analyzeWithAxe(page, rules)).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: shots('home-policies-390-dark') });
});
