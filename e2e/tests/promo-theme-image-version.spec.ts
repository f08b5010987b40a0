import { apiAs, expect, test } from '../fixtures';
import { createGeneratedSeries } from './promo-api';

// The smallest valid PNG: one transparent pixel.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Issue 32: a theme image goes up over the theme's version as the screen shows it (If-Match). Someone else's
 * banner arrives while this screen has not heard of it (its live stream is cut here, as on a flaky network):
 * the upload is refused, says so, and the screen shows the theme as it is now; the next upload goes through.
 */
test('an image upload over a theme changed meanwhile is refused, shows the theme now, and goes up the second time', async ({
  page,
  login,
}) => {
  test.slow();
  const session = await login();
  const api = apiAs(session.apiToken);
  const series = await createGeneratedSeries(session.apiToken, { codesCount: 3 });
  await page.route('**/api/events?**', (route) => route.abort());
  await page.goto(`/app/promo-codes/${series.id}?tab=theme`);
  const preview = page.getByTestId('landing-preview');
  await expect(preview.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Удалить: Баннер' })).toHaveCount(0);

  const opened = (await api.promoCodes.getTheme({ params: { id: series.id } })).version;
  // Someone else puts up a banner; this screen does not hear of it.
  await api.promoCodes.uploadThemeImage({
    params: { id: series.id, kind: 'banner' },
    file: new Blob([PNG_1X1], { type: 'image/png' }),
  });

  const upload = async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Загрузить: Логотип' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  };
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/promo-codes/${series.id}/logo`),
  );
  await upload();
  expect((await sent).headers()['if-match']).toBe(`"${opened}"`);
  await expect(page.getByText('Пока вы выбирали файл, оформление изменил другой сотрудник')).toBeVisible();
  // The screen now shows the other person's banner; the logo was not changed.
  await expect(page.getByRole('button', { name: 'Удалить: Баннер' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Удалить: Логотип' })).toHaveCount(0);
  expect((await api.promoCodes.getTheme({ params: { id: series.id } })).images.logo).toBeNull();

  await upload();
  await expect(page.getByText('Изображение «Логотип» загружено')).toBeVisible();
  const theme = await api.promoCodes.getTheme({ params: { id: series.id } });
  expect(theme.images.logo).not.toBeNull();
  expect(theme.images.banner).not.toBeNull();
  expect(theme.version).toBe(opened + 2);
});
