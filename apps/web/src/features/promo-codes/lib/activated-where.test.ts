import { activatedWhere } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { buildActivatedWhere } from './activated-where';

describe('activated codes where', () => {
  it('defaults to page 1 of 10', () => {
    expect(buildActivatedWhere({})).toEqual({ take: 10, page: 1 });
  });

  it('keeps trimmed text and one status', () => {
    expect(buildActivatedWhere({ take: 20, page: 3, text: '  ivan@mail.ru ', statuses: ['blocked'] })).toEqual({
      take: 20,
      page: 3,
      text: 'ivan@mail.ru',
      statuses: ['blocked'],
    });
  });

  it('leaves out empty text and a status list that filters nothing', () => {
    expect(buildActivatedWhere({ text: '   ', statuses: [] })).toEqual({ take: 10, page: 1 });
    expect(buildActivatedWhere({ statuses: ['blocked', 'activated'] })).toEqual({ take: 10, page: 1 });
  });

  it('always passes the strict contract schema', () => {
    const where = buildActivatedWhere({ text: 'x'.repeat(300), statuses: ['activated', 'activated'] });
    expect(activatedWhere.safeParse(where).success).toBe(true);
    expect(where.statuses).toEqual(['activated']);
  });
});
