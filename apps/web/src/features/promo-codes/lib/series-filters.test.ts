import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKE, readUrl, writeUrl } from '../../../lib/url-params';
import { hasActiveFilters, seriesParams, toApiQuery } from './series-filters';

describe('series filters in the URL', () => {
  it('reads every filter and the page', () => {
    const filters = readUrl(
      seriesParams,
      new URLSearchParams(
        'name=Весна&status=enabled&planId=3&createdFrom=2024-03-01&createdTo=2024-03-31&page=2&take=50',
      ),
    );
    expect(filters).toEqual({
      name: 'Весна',
      status: 'enabled',
      planId: 3,
      createdFrom: '2024-03-01',
      createdTo: '2024-03-31',
      page: 2,
      take: 50,
    });
  });

  it('treats empty and malformed values as absent', () => {
    const filters = readUrl(
      seriesParams,
      new URLSearchParams('name=%20%20&status=maybe&planId=abc&createdFrom=yesterday&createdTo=&page=0&take=7'),
    );
    expect(filters).toEqual({
      name: undefined,
      status: undefined,
      planId: undefined,
      createdFrom: undefined,
      createdTo: undefined,
      page: 1,
      take: DEFAULT_TAKE,
    });
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('drops empty values and defaults when writing the URL', () => {
    const params = writeUrl(seriesParams, {
      name: '  ',
      status: 'disabled',
      planId: undefined,
      page: 1,
      take: DEFAULT_TAKE,
    });
    expect(params.toString()).toBe('status=disabled');
    expect(writeUrl(seriesParams, { page: 1, take: DEFAULT_TAKE }).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters = { name: 'Лето', planId: 4, createdFrom: '2024-06-01', page: 3, take: 10 };
    expect(readUrl(seriesParams, writeUrl(seriesParams, filters))).toEqual({
      ...filters,
      status: undefined,
      createdTo: undefined,
    });
  });

  it('sends whole days to the API and leaves empty filters out', () => {
    const query = toApiQuery({ createdFrom: '2024-03-01', createdTo: '2024-03-31', page: 1, take: 20, name: ' ' });
    expect(query.name).toBeUndefined();
    expect(query.status).toBeUndefined();
    const from = new Date(query.from ?? '');
    const to = new Date(query.to ?? '');
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2024, 2, 1, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes()]).toEqual([31, 23, 59]);
  });
});
