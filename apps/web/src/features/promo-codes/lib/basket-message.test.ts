import type { ErrorCode } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { basketMessage, isCatalogRefusal } from './basket-message';

const apiError = (status: number, code: ErrorCode, message: string, onField = false) =>
  new ApiError(status, {
    statusCode: status,
    error: 'x',
    code,
    message,
    ...(onField ? { errors: { basketId: 'invalid' as const } } : {}),
  });

describe('what the basket field says', () => {
  it('says the catalog is not configured, or the customization was not found, by code', () => {
    expect(basketMessage(apiError(503, 'CATALOG_NOT_CONFIGURED', 'whatever wording'))).toEqual({
      key: 'promoCodes.basket.notConfigured',
    });
    expect(basketMessage(apiError(404, 'CUSTOMIZATION_NOT_FOUND', 'whatever wording'))).toEqual({
      key: 'promoCodes.basket.notFound',
    });
  });

  it("shows the catalog's own errors, joined by commas, as they are", () => {
    expect(basketMessage(apiError(502, 'CATALOG_ERROR', 'Корзина закрыта, Нет доступа'))).toEqual({
      key: 'promoCodes.basket.catalogErrors',
      values: { errors: 'Корзина закрыта, Нет доступа' },
    });
  });

  it('says "error loading customization" when the catalog failed without errors of its own', () => {
    expect(basketMessage(apiError(502, 'BAD_GATEWAY', 'Error loading customization'))).toEqual({
      key: 'promoCodes.basket.loadError',
    });
    expect(basketMessage(apiError(502, 'CATALOG_ERROR', ' '))).toEqual({ key: 'promoCodes.basket.loadError' });
    expect(basketMessage(new ApiError(502, null))).toEqual({ key: 'promoCodes.basket.loadError' });
    expect(basketMessage(new TypeError('Failed to fetch'))).toEqual({ key: 'promoCodes.basket.loadError' });
  });

  it('calls a malformed id invalid', () => {
    expect(basketMessage(apiError(400, 'VALIDATION_FAILED', 'x'))).toEqual({ key: 'promoCodes.basket.invalid' });
  });

  it('takes a refused submit for the basket field only when the catalog refused it', () => {
    expect(isCatalogRefusal(apiError(502, 'CATALOG_ERROR', 'Нет доступа', true))).toBe(true);
    expect(isCatalogRefusal(apiError(502, 'CATALOG_ERROR', 'Нет доступа'))).toBe(false);
    expect(isCatalogRefusal(apiError(400, 'PLAN_DISABLED', 'x', true))).toBe(false);
  });
});
