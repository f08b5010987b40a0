import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';

/**
 * The icon upload's refusals in the viewer's language: the server says 415 for SVG and anything
 * that is not PNG/JPEG/WebP, 413 for more than 1 MB (product.md §6); anything else keeps its message.
 */
export const describeIconError = (error: unknown, t: TFunction): string => {
  if (!isApiError(error)) return t('subscriptions.form.iconFailed');
  if (error.status === 415) return t('subscriptions.form.iconType');
  if (error.status === 413) return t('subscriptions.form.iconSize');
  if (error.status === 403) return t('subscriptions.form.forbidden');
  return error.body?.errors?.icon ?? error.body?.message ?? t('subscriptions.form.iconFailed');
};

/** Form field for each body field the server may name in `errors`. */
const FIELD_OF: Record<string, string> = { price: 'priceRoubles' };

/**
 * The server's field errors as form fields with messages: the known cases in the viewer's
 * language (a taken title, a duration that does not fit), the rest as the server worded them.
 */
export const planFieldErrors = (error: unknown, t: TFunction): { name: string; errors: string[] }[] => {
  if (!isApiError(error) || !error.body?.errors) return [];
  return Object.entries(error.body.errors).map(([field, message]) => {
    if (field === 'title' && error.status === 409)
      return { name: 'title', errors: [t('subscriptions.form.titleTaken')] };
    if (field === 'durationDays') return { name: field, errors: [t('subscriptions.form.durationMismatchShort')] };
    return { name: FIELD_OF[field] ?? field, errors: [message] };
  });
};
