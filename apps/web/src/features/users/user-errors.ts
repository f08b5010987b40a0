import type { TFunction } from 'i18next';
import { ApiError, isApiError } from '../../lib/api-client';

/** The API's field messages are English and terse; these are the ones this feature can meet. */
const FIELD_MESSAGES: Record<string, Record<string, string>> = {
  email: { 'already in use': 'users.errors.emailTaken' },
  role: { 'not for your own account': 'users.errors.selfChange' },
  avatar: { 'too large': 'users.errors.avatarTooLarge', 'unsupported type': 'users.errors.avatarType' },
};

/**
 * The same error with its field messages in the interface language, ready for `applyServerErrors`
 * (which stays the one place that puts them on fields). Unknown messages pass through as sent.
 */
export const localizeFieldErrors = (error: unknown, t: TFunction): unknown => {
  if (!isApiError(error) || !error.body?.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.body.errors).map(([field, message]) => {
      const key = FIELD_MESSAGES[field]?.[message];
      return [field, key ? t(key) : message];
    }),
  );
  return new ApiError(error.status, { ...error.body, errors }, error.retryAfter);
};

/** Ordered: the first pattern found in a 409's message names the reason. */
const CONFLICTS: Array<[RegExp, string]> = [
  [/yourself/i, 'users.errors.selfChange'],
  [/last active admin/i, 'users.errors.lastAdmin'],
  [/already in use/i, 'users.errors.emailTaken'],
  [/user is deleted/i, 'users.errors.userDeleted'],
  [/plan is disabled/i, 'users.errors.planDisabled'],
];

/** One sentence for a failed call, in the interface language. */
export const describeUsersError = (error: unknown, t: TFunction): string => {
  if (!isApiError(error)) return t('users.errors.network');
  switch (error.status) {
    case 403:
      return t('users.errors.forbidden');
    case 404:
      return t('users.errors.notFound');
    case 409: {
      const found = CONFLICTS.find(([pattern]) => pattern.test(error.body?.message ?? ''));
      return t(found?.[1] ?? 'users.errors.conflict');
    }
    case 413:
      return t('users.errors.avatarTooLarge');
    case 415:
      return t('users.errors.avatarType');
    case 400:
      return t('users.errors.invalid');
    default:
      return t('users.errors.generic');
  }
};
