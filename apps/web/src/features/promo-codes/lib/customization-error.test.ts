import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { basketMessageFromText, describeCustomizationError } from './customization-error';

const apiError = (status: number, message: string) =>
  new ApiError(status, { statusCode: status, error: 'x', message, errors: { basketId: message } });

describe('customization errors (seed §8)', () => {
  it('says the catalog is not configured on 503', () => {
    expect(describeCustomizationError(apiError(503, 'Catalog is not configured (CATALOG_URL is not set)'))).toEqual({
      key: 'promoCodes.basket.notConfigured',
    });
  });

  it('says the customization was not found on 404', () => {
    expect(describeCustomizationError(apiError(404, 'Customization not found'))).toEqual({
      key: 'promoCodes.basket.notFound',
    });
  });

  it("shows the catalog's own errors, joined by commas, on 502", () => {
    expect(describeCustomizationError(apiError(502, 'Корзина закрыта, Нет доступа'))).toEqual({
      key: 'promoCodes.basket.catalogErrors',
      values: { errors: 'Корзина закрыта, Нет доступа' },
    });
  });

  it('falls back to the generic load error when the catalog gave none', () => {
    expect(describeCustomizationError(apiError(502, 'Error loading customization'))).toEqual({
      key: 'promoCodes.basket.loadError',
    });
    expect(describeCustomizationError(new ApiError(502, null))).toEqual({ key: 'promoCodes.basket.loadError' });
    expect(describeCustomizationError(new TypeError('Failed to fetch'))).toEqual({
      key: 'promoCodes.basket.loadError',
    });
  });

  it('maps the submit-time field message the same way', () => {
    expect(basketMessageFromText('Catalog is not configured (CATALOG_URL is not set)').key).toBe(
      'promoCodes.basket.notConfigured',
    );
    expect(basketMessageFromText('Customization not found').key).toBe('promoCodes.basket.notFound');
    expect(basketMessageFromText('Error loading customization').key).toBe('promoCodes.basket.loadError');
    expect(basketMessageFromText('Bad id').values).toEqual({ errors: 'Bad id' });
  });
});
