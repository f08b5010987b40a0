import {
  normalizePhone,
  roles,
  type SortOf,
  type UserWhere,
  userSortFields,
  userStatuses,
  userWhere,
} from '@pult/contract';
import dayjs from 'dayjs';
import { named, orElse, pagingParams, type UrlValues, urlParam } from '../../lib/url-params';

/**
 * Which user field the search box looks in; `auto` («everywhere») sends `any`, which the API matches
 * against the e-mail, the phone and the name at once.
 */
export const searchFields = ['auto', 'name', 'email', 'phoneNumber'] as const;
export type SearchField = (typeof searchFields)[number];

export const DEFAULT_SORT: UserSort = 'createdAt:desc';
export type UserSort = SortOf<(typeof userSortFields)[number]>;

/** The users list as its URL keeps it: filter, page, size and order. */
export const usersParams = {
  q: orElse(urlParam.text(), ''),
  /** Kept without text too: people pick the field first, then type. */
  searchIn: named('in', orElse(urlParam.oneOf(searchFields), 'auto')),
  roles: named('role', urlParam.list(roles)),
  statuses: named('status', urlParam.list(userStatuses)),
  /** Registration period, inclusive, as calendar days `YYYY-MM-DD` in the browser's time zone. */
  from: orElse(urlParam.day(), null),
  to: orElse(urlParam.day(), null),
  hasSubscription: named('sub', orElse(urlParam.flag('yes', 'no'), null)),
  ...pagingParams(),
  sort: orElse(urlParam.sort(userSortFields), DEFAULT_SORT),
};
export type UsersUrlState = UrlValues<typeof usersParams>;
export type UsersFilter = Omit<UsersUrlState, 'page' | 'take' | 'sort'>;

export const EMPTY_FILTER: UsersFilter = {
  q: '',
  searchIn: 'auto',
  roles: [],
  statuses: [],
  from: null,
  to: null,
  hasSubscription: null,
};

/** Local calendar days → the ISO instants of the first and last millisecond of the period. */
const startOfDay = (day: string) => dayjs(day).startOf('day').toISOString();
const endOfDay = (day: string) => dayjs(day).endOf('day').toISOString();

/** Filter → the API's `where`, with empty values dropped; `{}` means everyone. */
export const toWhere = (filter: UsersFilter): UserWhere => {
  const where: UserWhere = {};
  const q = filter.q.trim();
  if (q) {
    const field = filter.searchIn === 'auto' ? 'any' : filter.searchIn;
    // Phones as stored (E.164): the contract's one normaliser, which the API also applies.
    const value = field === 'phoneNumber' ? normalizePhone(q) : q;
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
