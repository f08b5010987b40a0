import { apiAs, expect, test } from '../fixtures';
import { createGeneratedSeries } from './promo-api';

// A client that reads the theme, edits one text and saves the whole document back must succeed.
test('PATCH /promo-codes/{id}/theme takes back the document GET answered', async ({ login }) => {
  const session = await login();
  const series = await createGeneratedSeries(session.apiToken, { codesCount: 1 });
  const api = apiAs(session.apiToken);
  const read = await api.promoCodes.getTheme({ params: { id: series.id } });
  const edited = { ...read, texts: { ...read.texts, headline: 'Сохранено целиком' } };
  const saved = await api.promoCodes.updateTheme({ params: { id: series.id }, body: edited });
  // The same document back, one version on (docs/decisions/0036): the save is a new version of the series.
  expect(saved).toEqual({ ...edited, version: read.version + 1 });
});
