import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { fieldErrorsOf } from './describe-error';

/**
 * Puts the API's field errors (`errors`: field → code) onto antd form fields, translated, the one
 * place that does so. `fieldNames` maps an API field to the form's name where they differ
 * (`price` → `priceRoubles`). Returns true when at least one field got a message, so the caller
 * knows whether a general message is still needed.
 */
export const applyServerErrors = (
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fieldNames: Partial<Record<string, string>> = {},
): boolean => {
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = fieldErrorsOf(error, t, fieldNames).filter(({ name }) => known.has(name));
  form.setFields(fields);
  return fields.length > 0;
};
