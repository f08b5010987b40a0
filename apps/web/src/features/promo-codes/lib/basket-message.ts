import { isApiError } from '../../../lib/api-client';
import { errorCodeOf } from '../../../lib/describe-error';

/** A translation key and its values: what the basket field says when the catalog did not answer. */
export interface BasketMessage {
  key: string;
  values?: Record<string, string>;
}

const LOAD_ERROR: BasketMessage = { key: 'promoCodes.basket.loadError' };

/**
 * Why a basket id cannot be used, by the answer's code — the same for the live check and for a
 * refused submit. CATALOG_ERROR carries the catalog's own errors, joined by commas, in `message`:
 * those are shown as they are; a catalog that failed without any says "error loading customization".
 */
export const basketMessage = (error: unknown): BasketMessage => {
  switch (errorCodeOf(error)) {
    case 'CATALOG_NOT_CONFIGURED':
      return { key: 'promoCodes.basket.notConfigured' };
    case 'CUSTOMIZATION_NOT_FOUND':
      return { key: 'promoCodes.basket.notFound' };
    case 'CATALOG_ERROR': {
      const errors = isApiError(error) ? error.body?.message.trim() : '';
      return errors ? { key: 'promoCodes.basket.catalogErrors', values: { errors } } : LOAD_ERROR;
    }
    case 'VALIDATION_FAILED':
    case 'BAD_REQUEST':
      return { key: 'promoCodes.basket.invalid' };
    default:
      return LOAD_ERROR;
  }
};

/** The catalog's codes: a refused submit with one of these belongs to the basket field. */
export const isCatalogRefusal = (error: unknown): boolean =>
  isApiError(error) &&
  ['CATALOG_NOT_CONFIGURED', 'CUSTOMIZATION_NOT_FOUND', 'CATALOG_ERROR', 'BAD_GATEWAY'].includes(errorCodeOf(error)) &&
  Boolean(error.body?.errors?.basketId);
