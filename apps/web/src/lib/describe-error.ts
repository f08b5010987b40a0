import { type ErrorCode, type FieldErrorCode, genericErrorCode } from '@pult/contract';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/** The translation key of an error code: `apiErrors.<CODE>`; the ru file has one per code (a test checks). */
export const errorKey = (code: ErrorCode) => `apiErrors.${code}` as const;
export const fieldErrorKey = (code: FieldErrorCode) => `fieldErrors.${code}` as const;

/** The code of a failed call: the server's when it sent one, else the generic code of the status. */
export const errorCodeOf = (error: unknown): ErrorCode | 'network' => {
  if (!isApiError(error)) return 'network';
  if (error.body?.code) return error.body.code;
  return genericErrorCode(error.status);
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
