import {
  roles,
  type SortOf,
  type UserFilter,
  type UserSearchField,
  userSearch,
  userSearchFields,
} from '@pult/contract';
import dayjs from 'dayjs';
import { userSortFields, userStatuses } from '../../lib/contract-values';
import { named, orElse, pagingParams, type UrlValues, urlParam } from '../../lib/url-params';

/**
 * Which user field the search box looks in; `auto` («everywhere») sends `any`, which the API matches
 * against the e-mail, the phone, the name and the id at once (the contract's `userSearch`).
 */
export const searchFields = userSearchFields;
export type SearchField = UserSearchField;

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

/**
 * Filter → the users-list filter of the contract, sent as flat parameters (`any`, `status=a,b`,
 * `from`/`to`), with empty values dropped; `{}` means everyone.
 */
export const toUserFilter = (filter: UsersFilter): UserFilter => {
  const result: UserFilter = userSearch(filter.q, filter.searchIn);
  if (filter.roles.length > 0) result.role = [...filter.roles];
  if (filter.statuses.length > 0) result.status = [...filter.statuses];
  if (filter.from) result.from = startOfDay(filter.from);
  if (filter.to) result.to = endOfDay(filter.to);
  if (filter.hasSubscription !== null) result.hasSubscription = filter.hasSubscription;
  return result;
};

export const isFilterEmpty = (filter: UsersFilter): boolean => Object.keys(toUserFilter(filter)).length === 0;
