import { userFilterOf, usersQuery } from '@pult/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { readUrl, writeUrl } from '../../lib/url-params';
import { EMPTY_FILTER, toUserFilter, type UsersFilter, type UsersUrlState, usersParams } from './list-params';

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

describe("filter → the contract's user filter", () => {
  it('is empty for an empty filter', () => {
    expect(toUserFilter(EMPTY_FILTER)).toEqual({});
  });

  it('searches everywhere by default and in the chosen field otherwise', () => {
    // «Везде» means e-mail, phone, name and id at once, whatever the text looks like.
    expect(toUserFilter({ ...EMPTY_FILTER, q: 'bulk1' })).toEqual({ any: 'bulk1' });
    expect(toUserFilter({ ...EMPTY_FILTER, q: 'ann@x.ru' })).toEqual({ any: 'ann@x.ru' });
    expect(toUserFilter({ ...EMPTY_FILTER, q: '8 916 123 45 67', searchIn: 'phoneNumber' })).toEqual({
      phoneNumber: '+79161234567',
    });
    expect(toUserFilter({ ...EMPTY_FILTER, q: 'Анна', searchIn: 'name' })).toEqual({ name: 'Анна' });
    expect(toUserFilter({ ...EMPTY_FILTER, q: 'ann', searchIn: 'email' })).toEqual({ email: 'ann' });
  });

  it('sends roles and statuses as lists (one comma list each in the query string)', () => {
    expect(toUserFilter({ ...EMPTY_FILTER, roles: ['admin'], statuses: ['active', 'blocked'] })).toEqual({
      role: ['admin'],
      status: ['active', 'blocked'],
    });
  });

  it('turns calendar days into the whole of those days, in local time', () => {
    const filter = toUserFilter({ ...EMPTY_FILTER, from: '2024-01-01', to: '2024-01-31', hasSubscription: true });
    expect(filter.hasSubscription).toBe(true);
    expect(filter.from).toBe(dayjs('2024-01-01').startOf('day').toISOString());
    expect(filter.to).toBe(dayjs('2024-01-31').endOf('day').toISOString());
    expect(toUserFilter({ ...EMPTY_FILTER, to: '2024-01-31' })).toEqual({
      to: dayjs('2024-01-31').endOf('day').toISOString(),
    });
  });

  it('is what the contract reads the flat parameters into', () => {
    const filter = toUserFilter({ ...EMPTY_FILTER, q: 'ivan', roles: ['user', 'editor'], hasSubscription: false });
    const sent = Object.fromEntries(
      Object.entries(filter).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]),
    );
    expect(userFilterOf(usersQuery.parse(sent))).toEqual(filter);
  });
});
