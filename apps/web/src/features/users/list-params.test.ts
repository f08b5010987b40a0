import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { readUrl, writeUrl } from '../../lib/url-params';
import { EMPTY_FILTER, toWhere, type UsersFilter, type UsersUrlState, usersParams } from './list-params';

type StatePatch = Partial<Omit<UsersUrlState, keyof UsersFilter>> & { filter?: Partial<UsersFilter> };

const state = ({ filter, ...rest }: StatePatch = {}): UsersUrlState => ({
  page: 1,
  take: 20,
  sort: 'createdAt:desc',
  ...rest,
  ...EMPTY_FILTER,
  ...filter,
});

/** The users list reads and writes its address through `usersParams` (lib/url-params). */
const parseListParams = (params: URLSearchParams) => readUrl(usersParams, params);
const serializeListParams = (values: UsersUrlState) => writeUrl(usersParams, values);

describe('users list URL', () => {
  it('a plain list has a plain URL', () => {
    expect(serializeListParams(state()).toString()).toBe('');
    expect(parseListParams(new URLSearchParams())).toEqual(state());
  });

  it('round-trips every filter, the page, the size and the order', () => {
    const full = state({
      page: 3,
      take: 50,
      sort: 'email:asc',
      filter: {
        q: 'анна',
        searchIn: 'name',
        roles: ['editor', 'admin'],
        statuses: ['blocked'],
        from: '2024-01-01',
        to: '2024-03-31',
        hasSubscription: false,
      },
    });
    const params = serializeListParams(full);
    expect(Object.fromEntries(params)).toEqual({
      q: 'анна',
      in: 'name',
      role: 'editor,admin',
      status: 'blocked',
      from: '2024-01-01',
      to: '2024-03-31',
      sub: 'no',
      page: '3',
      take: '50',
      sort: 'email:asc',
    });
    expect(parseListParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('drops empty values and defaults', () => {
    const params = serializeListParams(state({ filter: { q: '   ', roles: [], statuses: [], hasSubscription: null } }));
    expect(params.toString()).toBe('');
  });

  it('keeps the chosen search field before anything is typed', () => {
    const params = serializeListParams(state({ filter: { searchIn: 'email' } }));
    expect(params.toString()).toBe('in=email');
    expect(parseListParams(params).searchIn).toBe('email');
  });

  it('ignores what it does not understand instead of failing', () => {
    const parsed = parseListParams(
      new URLSearchParams(
        'role=admin,root&status=gone&from=yesterday&to=2024-02-30x&sub=maybe&page=-2&take=7&sort=password:asc&in=x',
      ),
    );
    expect(parsed).toEqual(state({ filter: { roles: ['admin'] } }));
  });

  it('keeps one order for list values, whatever order they were picked in', () => {
    const a = serializeListParams(state({ filter: { roles: ['admin', 'user'] } })).toString();
    const b = serializeListParams(state({ filter: { roles: ['user', 'admin'] } })).toString();
    expect(a).toBe(b);
  });
});

describe('filter → where', () => {
  it('is empty for an empty filter', () => {
    expect(toWhere(EMPTY_FILTER)).toEqual({});
  });

  it('searches everywhere by default and in the chosen field otherwise', () => {
    // «Везде» means e-mail, phone and name at once, whatever the text looks like.
    expect(toWhere({ ...EMPTY_FILTER, q: 'bulk1' })).toEqual({ any: 'bulk1' });
    expect(toWhere({ ...EMPTY_FILTER, q: 'ann@x.ru' })).toEqual({ any: 'ann@x.ru' });
    expect(toWhere({ ...EMPTY_FILTER, q: '8 916 123 45 67', searchIn: 'phoneNumber' })).toEqual({
      phoneNumber: '+79161234567',
    });
    expect(toWhere({ ...EMPTY_FILTER, q: 'Анна', searchIn: 'name' })).toEqual({ name: 'Анна' });
    expect(toWhere({ ...EMPTY_FILTER, q: 'ann', searchIn: 'email' })).toEqual({ email: 'ann' });
  });

  it('sends one value as a value and several as a list', () => {
    expect(toWhere({ ...EMPTY_FILTER, roles: ['admin'], statuses: ['active', 'blocked'] })).toEqual({
      role: 'admin',
      status: ['active', 'blocked'],
    });
  });

  it('turns calendar days into the whole of those days, in local time', () => {
    const where = toWhere({ ...EMPTY_FILTER, from: '2024-01-01', to: '2024-01-31', hasSubscription: true });
    expect(where.hasSubscription).toBe(true);
    expect(where.createdAt?.gte).toBe(dayjs('2024-01-01').startOf('day').toISOString());
    expect(where.createdAt?.lte).toBe(dayjs('2024-01-31').endOf('day').toISOString());
    expect(toWhere({ ...EMPTY_FILTER, to: '2024-01-31' }).createdAt).toEqual({
      lte: dayjs('2024-01-31').endOf('day').toISOString(),
    });
  });
});
