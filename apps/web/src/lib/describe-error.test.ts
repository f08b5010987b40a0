import { errorCodes, fieldErrorCodes } from '@pult/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeError, errorKey, fieldErrorKey, fieldErrorsOf } from './describe-error';
import { translations } from './translations';

const has = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) !==
  undefined;

describe('error codes', () => {
  // Enumerated from the contract: a code added there without a translation fails here.
  it.each(errorCodes)('%s has a Russian text', (code) => {
    expect(has(translations.ru, errorKey(code))).toBe(true);
  });
  it.each(fieldErrorCodes)('field code %s has a Russian text', (code) => {
    expect(has(translations.ru, fieldErrorKey(code))).toBe(true);
  });
});

describe('describeError', () => {
  const t = i18next.createInstance();
  t.init({ lng: 'ru', resources: { ru: { translation: translations.ru } }, initAsync: false });
  const fail = (status: number, code: (typeof errorCodes)[number], errors?: Record<string, 'taken'>) =>
    new ApiError(status, { statusCode: status, error: 'x', code, message: 'worded in any way at all', errors });

  it('translates the code, whatever the message says', () => {
    expect(describeError(fail(409, 'EMAIL_TAKEN'), t.t)).toBe('Этот адрес электронной почты уже используется.');
  });
  it('lets a screen say a code its own way', () => {
    expect(describeError(fail(404, 'NOT_FOUND'), t.t, { NOT_FOUND: 'errors.notFoundTitle' })).toBe(
      'Страница не найдена',
    );
  });
  it('falls back on the status when the body is not the error shape', () => {
    expect(describeError(new ApiError(503, null), t.t)).toBe('Сервис временно недоступен.');
    expect(describeError(new TypeError('Failed to fetch'), t.t)).toBe('Нет связи с сервером. Проверьте подключение.');
  });
  it('translates field codes onto the form names', () => {
    expect(fieldErrorsOf(fail(409, 'PLAN_TITLE_TAKEN', { title: 'taken' }), t.t, { title: 'name' })).toEqual([
      { name: 'name', errors: ['Уже занято'] },
    ]);
  });
});
