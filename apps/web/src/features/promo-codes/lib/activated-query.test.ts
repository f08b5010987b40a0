import { activatedQuery } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { buildActivatedQuery } from './activated-query';

describe('activated codes query', () => {
  it('defaults to page 1 of 10', () => {
    expect(buildActivatedQuery({})).toEqual({ take: 10, page: 1 });
  });

  it('keeps trimmed text and one status', () => {
    expect(buildActivatedQuery({ take: 20, page: 3, text: '  ivan@mail.ru ', statuses: ['blocked'] })).toEqual({
      take: 20,
      page: 3,
      text: 'ivan@mail.ru',
      status: ['blocked'],
    });
  });

  it('leaves out empty text and a status list that filters nothing', () => {
    expect(buildActivatedQuery({ text: '   ', statuses: [] })).toEqual({ take: 10, page: 1 });
    expect(buildActivatedQuery({ statuses: ['blocked', 'activated'] })).toEqual({ take: 10, page: 1 });
  });

  it('always passes the contract schema, as the query string sends it', () => {
    const query = buildActivatedQuery({ text: 'x'.repeat(300), statuses: ['activated', 'activated'] });
    expect(query.status).toEqual(['activated']);
    const sent = Object.fromEntries(
      Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]),
    );
    expect(activatedQuery.safeParse(sent).success).toBe(true);
  });
});
