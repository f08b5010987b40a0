import { ACCOUNTS } from '../accounts';
import { expect, test } from '../fixtures';
import {
  adminToken,
  apiAs,
  createPlan,
  getPlan,
  PNG_ICON,
  pickSingleOption,
  SVG_ICON,
  unique,
} from './subscriptions-data';

const shots = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? '.test-output'}/screenshots/${name}.png`;

test.describe('plans', () => {
  test('a lifetime plan reads «бессрочно», never 36 500 days', async ({ page, login }) => {
    const session = await login();
    const title = unique('Навсегда');
    await apiAs(session.apiToken).plans.create({
      body: { title, description: 'Один раз и навсегда', price: 990000, period: 'lifetime', durationDays: 36500 },
    });
    await page.goto('/app/subscriptions/desc');
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Длительность: бессрочно', { exact: true })).toBeVisible();
    // Not the bare digits: the title's unique suffix may hold «36» (it did: «Навсегда mwyghp25236»).
    await expect(card).not.toContainText(/36\s?500/);

    await card.getByRole('button', { name: 'Изменить' }).click();
    const drawer = page.getByRole('dialog', { name: 'Редактирование тарифа' });
    await expect(drawer.getByLabel('Длительность', { exact: true })).toHaveValue('бессрочно');
    await expect(drawer.getByLabel('Длительность, дней')).toBeHidden();
    await expect(drawer.getByRole('spinbutton', { name: 'Длительность, дней' })).toBeHidden();
  });

  test('an admin creates a plan with an icon, then disables it', async ({ page, login }) => {
    const session = await login();
    const title = unique('Семейный');
    await page.goto('/app/subscriptions/desc');
    await expect(page.getByRole('heading', { name: 'Доступные подписки', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Создать тариф' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Новый тариф' });
    await drawer.getByLabel('Название').fill(title);
    await drawer.getByLabel('Описание').fill('Подписка для всей семьи');
    await drawer.getByLabel('Цена').fill('1990');
    // The period's usual duration is filled in; a year plan cannot last 30 days.
    await expect(drawer.getByLabel('Длительность, дней')).toHaveValue('30');
    await drawer.getByLabel('Возможности').fill('До 5 участников');
    await drawer.getByLabel('Возможности').press('Enter');
    await drawer
      .locator('input[type=file]')
      .setInputFiles({ name: 'family.png', mimeType: 'image/png', buffer: PNG_ICON });
    await expect(drawer.getByText('family.png')).toBeVisible();
    await page.screenshot({ path: shots('plan-drawer') });
    await drawer.getByRole('button', { name: 'Создать' }).click();

    await expect(page.getByText(`Тариф «${title}» создан`)).toBeVisible();
    await expect(drawer).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText(/^1\s990,00\s₽$/)).toBeVisible();
    await expect(card.getByText('в месяц')).toBeVisible();
    await expect(card.getByText('До 5 участников')).toBeVisible();
    const icon = card.getByRole('img', { name: `Иконка тарифа «${title}»` });
    await expect(icon).toHaveAttribute('src', /\/files\/plan-icons\/.+\.png$/);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
    await page.screenshot({ path: shots('plans'), fullPage: true });

    const toggle = card.getByRole('switch', { name: 'Включён' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Выключить' }).click();
    await expect(page.getByText(`Тариф «${title}» выключен`)).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(card.getByText('Выключен')).toBeVisible();

    const saved = (await apiAs(session.apiToken).plans.list()).items.find((plan) => plan.title === title);
    expect(saved).toMatchObject({ enabled: false, price: 199000 });
  });

  test('the form checks the period rule, a taken title and a refused icon', async ({ page, login }) => {
    const session = await login();
    const existing = await createPlan(session.apiToken);
    await page.goto('/app/subscriptions/desc');
    await page.getByRole('button', { name: 'Создать тариф' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Новый тариф' });

    await drawer.getByLabel('Название').fill(existing.title.toUpperCase());
    await drawer.getByLabel('Цена').fill('100');
    await drawer.getByLabel('Период').click();
    await pickSingleOption(page, 'Год');
    await expect(drawer.getByLabel('Длительность, дней')).toHaveValue('365');
    await drawer.getByLabel('Длительность, дней').fill('30');
    await expect(drawer.getByText('Длительность не подходит к периоду: нужно от 365 до 366 дней')).toBeVisible();
    await drawer.getByLabel('Длительность, дней').fill('366');

    await drawer.getByRole('button', { name: 'Создать' }).click();
    await expect(drawer.getByText('Тариф с таким названием уже есть')).toBeVisible();
    await drawer.getByRole('button', { name: 'Отмена' }).click();

    // An SVG is refused by the server; the drawer says why.
    await page.getByRole('article', { name: existing.title }).getByRole('button', { name: 'Изменить' }).click();
    const edit = page.getByRole('dialog', { name: 'Редактирование тарифа' });
    await edit
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: SVG_ICON });
    await expect(edit.getByText('Можно загрузить только PNG, JPEG или WebP')).toBeVisible();
    expect((await getPlan(session.apiToken, existing.id))?.icon).toBeNull();
  });

  test('an editor cannot create or toggle plans but can edit a description', async ({ page, login }) => {
    const token = await adminToken();
    const plan = await createPlan(token);
    await login(ACCOUNTS.editor);
    await page.goto('/app/subscriptions/desc');

    const card = page.getByRole('article', { name: plan.title });
    await expect(card).toBeVisible();
    await expect(page.getByRole('button', { name: 'Создать тариф' })).toHaveCount(0);
    await expect(card.getByRole('switch')).toHaveCount(0);
    await expect(card.getByText('Включён')).toBeVisible();

    await card.getByRole('button', { name: 'Изменить' }).click();
    const drawer = page.getByRole('dialog', { name: 'Редактирование тарифа' });
    await expect(drawer.getByText('Цену, период и длительность меняет только администратор')).toBeVisible();
    await expect(drawer.getByLabel('Цена')).toBeDisabled();
    await expect(drawer.getByLabel('Длительность, дней')).toBeDisabled();
    await drawer.getByLabel('Описание').fill('Описание от редактора');
    await drawer.getByRole('button', { name: 'Сохранить' }).click();

    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(card.getByText('Описание от редактора')).toBeVisible();
    expect(await getPlan(token, plan.id)).toMatchObject({ description: 'Описание от редактора' });
  });
});
