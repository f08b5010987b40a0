import {
  type Role,
  roles,
  type UserStatus,
  type UserWhere,
  userSortFields,
  userStatuses,
  userWhere,
} from '@pult/contract';
import dayjs from 'dayjs';

/** Which user field the search box looks in; `auto` lets the text decide (see `searchFieldFor`). */
export const searchFields = ['auto', 'name', 'email', 'phoneNumber'] as const;
export type SearchField = (typeof searchFields)[number];
type ConcreteField = Exclude<SearchField, 'auto'>;

export interface UsersFilter {
  q: string;
  searchIn: SearchField;
  roles: Role[];
  statuses: UserStatus[];
  /** Registration period, inclusive, as calendar days `YYYY-MM-DD` in the browser's time zone. */
  from: string | null;
  to: string | null;
  hasSubscription: boolean | null;
}

export interface UsersListState {
  filter: UsersFilter;
  page: number;
  take: number;
  sort: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_TAKE = 20;
export const DEFAULT_SORT = 'createdAt:desc';

export const EMPTY_FILTER: UsersFilter = {
  q: '',
  searchIn: 'auto',
  roles: [],
  statuses: [],
  from: null,
  to: null,
  hasSubscription: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORT = new RegExp(`^(${userSortFields.join('|')}):(asc|desc)$`);

const isDay = (value: string | null): value is string => value !== null && DAY.test(value) && dayjs(value).isValid();

const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] => {
  const wanted = new Set((value ?? '').split(','));
  // In the order of `allowed`, so one filter always has one URL.
  return allowed.filter((item) => wanted.has(item));
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
};

/** URL → list state. Anything unknown or malformed falls back to its default, never throws. */
export const parseListParams = (params: URLSearchParams): UsersListState => {
  const searchIn = params.get('in');
  const sub = params.get('sub');
  const take = positiveInt(params.get('take'));
  const sort = params.get('sort');
  return {
    filter: {
      q: (params.get('q') ?? '').trim(),
      searchIn: searchFields.includes(searchIn as SearchField) ? (searchIn as SearchField) : 'auto',
      roles: listOf(params.get('role'), roles),
      statuses: listOf(params.get('status'), userStatuses),
      from: isDay(params.get('from')) ? params.get('from') : null,
      to: isDay(params.get('to')) ? params.get('to') : null,
      hasSubscription: sub === 'yes' ? true : sub === 'no' ? false : null,
    },
    page: positiveInt(params.get('page')) ?? 1,
    take: take !== null && (PAGE_SIZES as readonly number[]).includes(take) ? take : DEFAULT_TAKE,
    sort: sort && SORT.test(sort) ? sort : DEFAULT_SORT,
  };
};

/** List state → URL, dropping empty and default values, so a plain list has a plain URL. */
export const serializeListParams = (state: UsersListState): URLSearchParams => {
  const { filter } = state;
  const params = new URLSearchParams();
  const q = filter.q.trim();
  if (q) params.set('q', q);
  // Kept without text too: people pick the field first, then type.
  if (filter.searchIn !== 'auto') params.set('in', filter.searchIn);
  if (filter.roles.length) params.set('role', listOf(filter.roles.join(','), roles).join(','));
  if (filter.statuses.length) params.set('status', listOf(filter.statuses.join(','), userStatuses).join(','));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.hasSubscription !== null) params.set('sub', filter.hasSubscription ? 'yes' : 'no');
  if (state.page > 1) params.set('page', String(state.page));
  if (state.take !== DEFAULT_TAKE) params.set('take', String(state.take));
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  return params;
};

/**
 * The search box's rule when the field is `auto`: an `@` means an e-mail, text made of digits and
 * phone punctuation means a phone number, anything else a name.
 */
export const searchFieldFor = (text: string): ConcreteField => {
  const value = text.trim();
  if (value.includes('@')) return 'email';
  if (/^\+?[\d\s().-]+$/.test(value) && /\d/.test(value)) return 'phoneNumber';
  return 'name';
};

/**
 * Phones are stored in E.164 (+79161234567); people type «8 (916) 123-45-67». Keep digits and a
 * leading plus, and turn a full Russian «8…» number into «+7…» so the substring still matches.
 */
export const normalizePhoneQuery = (text: string): string => {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+') && digits.length === 11 && digits.startsWith('8')) return `+7${digits.slice(1)}`;
  return trimmed.startsWith('+') ? `+${digits}` : digits;
};

/** Local calendar days → the ISO instants of the first and last millisecond of the period. */
const startOfDay = (day: string) => dayjs(day).startOf('day').toISOString();
const endOfDay = (day: string) => dayjs(day).endOf('day').toISOString();

/** Filter → the API's `where`, with empty values dropped; `{}` means everyone. */
export const toWhere = (filter: UsersFilter): UserWhere => {
  const where: UserWhere = {};
  const q = filter.q.trim();
  if (q) {
    const field = filter.searchIn === 'auto' ? searchFieldFor(q) : filter.searchIn;
    const value = field === 'phoneNumber' ? normalizePhoneQuery(q) : q;
    if (value) where[field] = value.slice(0, field === 'phoneNumber' ? 30 : 100);
  }
  if (filter.roles.length === 1) where.role = filter.roles[0];
  else if (filter.roles.length > 1) where.role = filter.roles;
  if (filter.statuses.length === 1) where.status = filter.statuses[0];
  else if (filter.statuses.length > 1) where.status = filter.statuses;
  if (filter.from || filter.to) {
    where.createdAt = {
      ...(filter.from ? { gte: startOfDay(filter.from) } : {}),
      ...(filter.to ? { lte: endOfDay(filter.to) } : {}),
    };
  }
  if (filter.hasSubscription !== null) where.hasSubscription = filter.hasSubscription;
  // The contract is the judge: a filter it would refuse is better dropped than sent for a 400.
  return userWhere.safeParse(where).success ? where : {};
};

export const isFilterEmpty = (filter: UsersFilter): boolean => Object.keys(toWhere(filter)).length === 0;

/** The `where` query parameter: JSON text, or nothing at all for an empty filter. */
export const whereParam = (where: UserWhere): string | undefined =>
  Object.keys(where).length ? JSON.stringify(where) : undefined;
