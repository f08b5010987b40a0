import type { ErrorCode, FieldErrorCode } from '@pult/contract';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/** The translation key of an error code: `apiErrors.<CODE>`; the ru file has one per code (a test checks). */
export const errorKey = (code: ErrorCode) => `apiErrors.${code}` as const;
export const fieldErrorKey = (code: FieldErrorCode) => `fieldErrors.${code}` as const;

/** The code of a failed call: the server's when it sent one, else the generic code of the status. */
export const errorCodeOf = (error: unknown): ErrorCode | 'network' => {
  if (!isApiError(error)) return 'network';
  if (error.body?.code) return error.body.code;
  return STATUS_CODES[error.status] ?? (error.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
};

/** For answers without the error shape (a proxy's page): the generic code of the status. */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * One sentence for a failed call in the interface language. Codes, never message wording, are
 * translated (docs/decisions/0011); `overrides` lets a screen say it its own way for some codes.
 */
export const describeError = (
  error: unknown,
  t: TFunction,
  overrides: Partial<Record<ErrorCode | 'network', string>> = {},
): string => {
  const code = errorCodeOf(error);
  const override = overrides[code];
  if (override) return t(override);
  return t(code === 'network' ? 'apiErrors.network' : errorKey(code));
};

/** The field errors of a failed call, translated: `{ name, errors }` for antd's `form.setFields`. */
export const fieldErrorsOf = (
  error: unknown,
  t: TFunction,
  fieldNames: Partial<Record<string, string>> = {},
): { name: string; errors: string[] }[] => {
  if (!isApiError(error) || !error.body?.errors) return [];
  return Object.entries(error.body.errors).flatMap(([field, code]) =>
    code ? [{ name: fieldNames[field] ?? field, errors: [t(fieldErrorKey(code))] }] : [],
  );
};
