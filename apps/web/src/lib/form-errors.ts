import type { FormInstance } from 'antd';
import { isApiError } from './api-client';

/**
 * Puts the API's field errors (`errors`: field → message, product.md §6) onto antd form fields,
 * the one place that does so. Returns true when at least one field got a message, so the caller
 * knows whether a general message is still needed.
 */
export const applyServerErrors = (form: FormInstance, error: unknown): boolean => {
  if (!isApiError(error) || !error.body?.errors) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = Object.entries(error.body.errors)
    .filter(([name]) => known.has(name))
    .map(([name, message]) => ({ name, errors: [message] }));
  form.setFields(fields);
  return fields.length > 0;
};
