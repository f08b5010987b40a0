import { type CreatePromoSeriesBody, createPromoSeriesBody, PROMO_ALPHABET } from '@pult/contract';
import type { Dayjs } from 'dayjs';

/** The create form's values: the body's fields under the same names, so server errors land on them. */
export interface SeriesFormValues {
  name?: string;
  prefix?: string;
  codeLength?: number | null;
  codesCount?: number | null;
  planId?: number | null;
  durationDays?: number | null;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
  basketId?: string;
}

export type SeriesField = keyof SeriesFormValues;

export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

export const toSeriesBody = (values: SeriesFormValues): CreatePromoSeriesBody => ({
  name: values.name ?? '',
  prefix: (values.prefix ?? '').trim().toUpperCase(),
  // null stays null so the schema reports the field as missing rather than inventing a number.
  codeLength: values.codeLength as number,
  codesCount: values.codesCount as number,
  planId: values.planId as number,
  durationDays: values.durationDays as number,
  startsAt: values.startsAt ? values.startsAt.toISOString() : null,
  endsAt: values.endsAt ? values.endsAt.toISOString() : null,
  basketId: values.basketId?.trim() ? values.basketId.trim() : null,
});

/** How many distinct codes a length can make: the alphabet to the power of the length. */
export const codeCapacity = (codeLength: number): number => PROMO_ALPHABET.length ** codeLength;

interface Issue {
  code: string;
  path: PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
}

const issueMessage = (issue: Issue, field: SeriesField, values: SeriesFormValues): FieldMessage => {
  const missing = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'promoCodes.validation.required' };
    case 'too_small':
      if (issue.origin === 'string')
        return missing || Number(issue.minimum) <= 1
          ? { key: 'promoCodes.validation.required' }
          : { key: 'promoCodes.validation.minLength', values: { min: Number(issue.minimum) } };
      return { key: 'promoCodes.validation.min', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'promoCodes.validation.maxLength', values: { max: Number(issue.maximum) } }
        : { key: 'promoCodes.validation.max', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return field === 'prefix' ? { key: 'promoCodes.validation.prefix' } : { key: 'promoCodes.validation.invalid' };
    case 'custom':
      if (field === 'endsAt') return { key: 'promoCodes.validation.endsAfterStart' };
      if (field === 'codesCount' && values.codeLength)
        return { key: 'promoCodes.validation.tooManyCodes', values: { length: values.codeLength } };
      return { key: 'promoCodes.validation.invalid' };
    default:
      return { key: 'promoCodes.validation.invalid' };
  }
};

/**
 * Checks the values with the contract's own schema (the one the server parses the body with),
 * so the form refuses exactly what the server would; one message per field, the first issue.
 */
export const validateSeries = (values: SeriesFormValues): Partial<Record<SeriesField, FieldMessage>> => {
  const result = createPromoSeriesBody.safeParse(toSeriesBody(values));
  if (result.success) return {};
  const messages: Partial<Record<SeriesField, FieldMessage>> = {};
  for (const issue of result.error.issues as Issue[]) {
    const field = issue.path[0] as SeriesField | undefined;
    if (!field || messages[field]) continue;
    messages[field] = issueMessage(issue, field, values);
  }
  return messages;
};
