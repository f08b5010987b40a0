import { isApiError } from '../../../lib/api-client';

/** A translation key and its values: what the basket field says when the catalog did not answer. */
export interface BasketMessage {
  key: string;
  values?: Record<string, string>;
}

/** What the API answers when the catalog gave no errors of its own (seed §8). */
const GENERIC_LOAD_ERROR = 'Error loading customization';

/**
 * The catalog's answer as the server words it (the 400 on submit carries the same text):
 * not configured, not found, the catalog's own errors joined by commas, or the generic failure.
 */
export const basketMessageFromText = (text: string | undefined): BasketMessage => {
  const message = text?.trim() ?? '';
  if (/not configured/i.test(message)) return { key: 'promoCodes.basket.notConfigured' };
  if (/customization not found/i.test(message)) return { key: 'promoCodes.basket.notFound' };
  if (!message || message === GENERIC_LOAD_ERROR) return { key: 'promoCodes.basket.loadError' };
  return { key: 'promoCodes.basket.catalogErrors', values: { errors: message } };
};

/** Seed §8 for the live check: 503 not configured, 404 not found, 502 the catalog's errors. */
export const describeCustomizationError = (error: unknown): BasketMessage => {
  if (!isApiError(error)) return { key: 'promoCodes.basket.loadError' };
  switch (error.status) {
    case 503:
      return { key: 'promoCodes.basket.notConfigured' };
    case 404:
      return { key: 'promoCodes.basket.notFound' };
    case 400:
      return { key: 'promoCodes.basket.invalid' };
    case 502:
      return basketMessageFromText(error.body?.message);
    default:
      return { key: 'promoCodes.basket.loadError' };
  }
};
