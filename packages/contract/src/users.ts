import { z } from 'zod';
import { dbId, estimatedPage, type Role, role, roles, sortQuery } from './common';
import { commaList, filter, instant, jsonParam, listQuery } from './list-query';
import { locale } from './locales';
import { normalizePhone } from './phone';
import { recordVersion } from './versions';

export const userStatuses = ['active', 'blocked', 'deleted'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

/** The user's current subscription (the one that ends last), as the list and the header show it. */
export const userRegister = z
  .object({
    planId: z.number().int(),
    planTitle: z.string(),
    status: z.enum(['active', 'expired', 'canceled']),
    expiresAt: z.string().nullable(),
  })
  .nullable();

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role,
  status: userStatus,
  avatar: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  register: userRegister,
  version: recordVersion,
});
export type User = z.infer<typeof user>;

/**
 * The users list's filter: what the flat parameters give and what the seed's `where` JSON is read into.
 * Text fields match a part, any case; `role` and `status` any of theirs; `from`/`to` bound the
 * registration time, both included; `any` is the search box's «everywhere» (`userSearchTerms`).
 */
export interface UserFilter {
  any?: string;
  email?: string;
  phoneNumber?: string;
  name?: string;
  role?: Role[];
  status?: UserStatus[];
  from?: string;
  to?: string;
  hasSubscription?: boolean;
}

/** The filter as flat query parameters (`?any=ivan&status=active,blocked&from=…`). */
export const userFilterFields = {
  /** Contains, in the e-mail, the phone number or the name (any of them): the search box's «everywhere». */
  any: filter.text(100),
  email: filter.text(100),
  phoneNumber: filter.text(30),
  name: filter.text(100),
  role: commaList(roles),
  status: commaList(userStatuses),
  /** Registered from / to (inclusive instants). */
  from: filter.instant(),
  to: filter.instant(),
  hasSubscription: filter.flag(),
};

const oneOrMany = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/**
 * The seed's `GET /users?where=` JSON, kept as the seed has it. Strict: any other key — above all
 * a hidden column such as a password hash or a token — is a 400, never silently ignored. It reads
 * into the same `UserFilter` as the flat parameters.
 */
export const userWhere = z
  .object({
    any: z.string().trim().min(1).max(100),
    email: z.string().trim().min(1).max(100),
    phoneNumber: z.string().trim().min(1).max(30),
    name: z.string().trim().min(1).max(100),
    role: z.union([role, z.array(role).min(1).max(3)]),
    status: z.union([userStatus, z.array(userStatus).min(1).max(3)]),
    createdAt: z
      .object({ gte: instant.optional(), lte: instant.optional() })
      .strict()
      .refine((range) => range.gte !== undefined || range.lte !== undefined, 'give gte, lte or both'),
    hasSubscription: z.boolean(),
  })
  .partial()
  .strict()
  .transform(({ role, status, createdAt, ...rest }): UserFilter => {
    const filter: UserFilter = { ...rest };
    if (role !== undefined) filter.role = oneOrMany(role);
    if (status !== undefined) filter.status = oneOrMany(status);
    if (createdAt?.gte) filter.from = createdAt.gte;
    if (createdAt?.lte) filter.to = createdAt.lte;
    return filter;
  });
/** The `where` JSON as a client writes it. */
export type UserWhere = z.input<typeof userWhere>;

export const userSortFields = ['createdAt', 'email', 'lastSeenAt', 'id'] as const;
export const userSort = sortQuery(userSortFields);

/**
 * The «Пользователь» filter of the lists that name a user (transactions, subscriptions): an e-mail or a
 * phone, or a part of one, as typed; the API finds the users it matches (`userSearchTerms`).
 */
export const userSearchText = filter.text(100);

/** The filter parameters of the list and its export: the flat ones and the seed's `where` JSON. */
const userFilterQuery = { ...userFilterFields, where: jsonParam(userWhere).optional() };

export const usersQuery = listQuery({ ...userFilterQuery, sort: userSort.default('createdAt:desc') });
export type UsersQuery = z.input<typeof usersQuery>;

/** One filter from a parsed query: the flat parameters given, then the `where` JSON's fields (they win). */
export function userFilterOf(query: UserFilter & { where?: UserFilter | undefined }): UserFilter {
  const result: UserFilter = {};
  for (const key of Object.keys(userFilterFields) as (keyof UserFilter)[]) {
    if (query[key] !== undefined) Object.assign(result, { [key]: query[key] });
  }
  return { ...result, ...query.where };
}

/** A page of users; `countIsEstimate` is true when the count is the planner's estimate (large result sets). */
export const usersPage = estimatedPage(user);
export type UsersPage = z.infer<typeof usersPage>;

/**
 * Stored as E.164: "+" and 8–15 digits (a Russian mobile is +79XXXXXXXXX). Typed as people write it
 * («8 903 285-94-89», «+7 916 123-45-67»): `normalizePhone` makes it E.164 before the check.
 */
export const phoneNumber = z
  .string()
  .max(40)
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'phone number in international format, e.g. +79161234567'));

const personName = z.string().trim().max(100);

/** The user form (create and edit share it); the API parses it again, the SPA validates with it. */
export const userFields = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  phoneNumber: phoneNumber.nullable().optional(),
  firstName: personName.nullable().optional(),
  lastName: personName.nullable().optional(),
  role,
  password: z.string().min(8).max(128).optional(),
});

export const createUserBody = userFields
  .extend({ role: role.default('user') })
  .refine((body) => body.role === 'user' || body.password !== undefined, {
    path: ['password'],
    message: 'staff accounts need a password',
    params: { code: 'required' },
  });
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = userFields.partial();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userActions = ['block', 'unblock', 'delete', 'restore', 'logout'] as const;
export const userAction = z.enum(userActions);
export type UserAction = z.infer<typeof userAction>;

export const manageUserParams = z.object({ id: dbId, action: userAction });

/** The language of an export's words (header, roles, statuses); without it the API reads Accept-Language. */
export const exportLanguageQuery = z.object({ lang: locale.optional() });

export const exportUsersQuery = exportLanguageQuery.extend(userFilterQuery);
