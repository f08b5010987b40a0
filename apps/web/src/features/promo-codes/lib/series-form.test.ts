import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { type SeriesFormValues, toSeriesBody, validateSeries } from './series-form';

const valid: SeriesFormValues = {
  name: 'Весна 2024',
  prefix: 'pult-',
  codeLength: 8,
  codesCount: 1000,
  planId: 1,
  durationDays: 365,
  startsAt: dayjs('2024-03-01T00:00:00Z'),
  endsAt: dayjs('2024-06-01T00:00:00Z'),
  basketId: '  ',
};

describe('series form', () => {
  it('builds the body: upper-case prefix, ISO dates, no empty basket', () => {
    expect(toSeriesBody(valid)).toMatchObject({
      prefix: 'PULT-',
      startsAt: '2024-03-01T00:00:00.000Z',
      endsAt: '2024-06-01T00:00:00.000Z',
      basketId: null,
    });
    expect(validateSeries(valid)).toEqual({});
  });

  it('reports what the contract refuses, per field', () => {
    const messages = validateSeries({
      ...valid,
      name: '',
      prefix: 'ПУЛЬТ',
      codeLength: 1,
      planId: null,
      endsAt: dayjs('2024-02-01T00:00:00Z'),
    });
    expect(messages.name?.key).toBe('promoCodes.validation.required');
    expect(messages.prefix?.key).toBe('promoCodes.validation.prefix');
    expect(messages.codeLength).toEqual({ key: 'promoCodes.validation.min', values: { min: 2 } });
    expect(messages.planId?.key).toBe('promoCodes.validation.required');
  });

  it('checks dates and capacity across fields', () => {
    expect(validateSeries({ ...valid, endsAt: dayjs('2024-02-01T00:00:00Z') }).endsAt?.key).toBe(
      'promoCodes.validation.endsAfterStart',
    );
    // 31² = 961 codes of two characters.
    expect(validateSeries({ ...valid, codeLength: 2, codesCount: 962 }).codesCount).toEqual({
      key: 'promoCodes.validation.tooManyCodes',
      values: { length: 2 },
    });
    expect(validateSeries({ ...valid, codeLength: 2, codesCount: 961 })).toEqual({});
  });
});
