import { apiAs, expect, test } from '../fixtures';
import { createGeneratedSeries } from './promo-api';

// The smallest valid PNG: one transparent pixel.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const shots = (name: string) => `.test-output/screenshots/${name}.png`;

test('the theme editor previews the landing page live and saves what the real page shows', async ({ page, login }) => {
  // A series generated first, an upload and a second page: slow on a busy machine.
  test.slow();
  const session = await login();
  const series = await createGeneratedSeries(session.apiToken, { codesCount: 5 });
  await page.goto(`/app/promo-codes/${series.id}?tab=theme`);

  const preview = page.getByTestId('landing-preview');
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText('Подарок для вас');
  const headline = `Год планов в подарок ${Date.now() % 1000}`;
  await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(headline);
  await page.getByRole('textbox', { name: 'Основной' }).fill('#d4380d');
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(headline);
  await expect(page.getByTestId('landing-preview-button')).toHaveCSS('background-color', 'rgb(212, 56, 13)');
  await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();

  // A logo goes up at once and shows in the preview (and later on the real page).
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Загрузить: Логотип' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await expect(
    page.getByText('Изображение «Логотип» загружено. Изменения цветов и текстов пока не сохранены'),
  ).toBeVisible();
  await expect(preview.locator('img.landing-logo')).toHaveAttribute('src', /\/files\/.+/);
  // The upload saved the image alone: the typed texts and colour are still unsaved edits, kept in the form.
  await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Заголовок', exact: true })).toHaveValue(headline);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  const stored = await apiAs(session.apiToken).promoCodes.getTheme({ params: { id: series.id } });
  expect(stored.texts.headline).toBe('Подарок для вас');
  expect(stored.images.logo).not.toBeNull();

  await page.getByText('Телефон · 390').click();
  await expect(page.locator('.preview-holder[data-device="phone"]')).toBeVisible();
  await page.screenshot({ path: shots('promo-theme'), fullPage: true });

  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Оформление сохранено')).toBeVisible();
  await expect(page.getByText('Есть несохранённые изменения')).toHaveCount(0);

  // The real landing page, opened from the editor's link.
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Открыть страницу' }).last().click();
  const landing = await popup;
  await expect(landing).toHaveURL(new RegExp(`/promo/${series.id}$`));
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText(headline);
  await expect(landing.getByRole('button')).toHaveCSS('background-color', 'rgb(212, 56, 13)');
  await expect(landing.locator('img.logo')).toHaveJSProperty('complete', true);
  expect(await landing.locator('img.logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Removing the logo asks first, then empties the preview and the real page.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Удалить: Логотип' }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toContainText('Удалить изображение «Логотип»?');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Изображение «Логотип» удалено')).toBeVisible();
  await expect(preview.locator('img.landing-logo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить: Логотип' })).toHaveCount(0);
  await landing.reload();
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText(headline);
  await expect(landing.locator('img.logo')).toHaveCount(0);
});
