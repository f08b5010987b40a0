import { type SortOf, type UserFilter, userSearchTerms, type userSortFields } from '@pult/contract';
import { and, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { sortOrder } from '../../lib/sort-order';
import { containsPattern } from '../../lib/sql-search';

export type UserSort = SortOf<(typeof userSortFields)[number]>;

const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** A subscription that counts right now: active and not past its expiry (expiry needs no job). */
export const hasLiveSubscription = (now: Date) =>
  sql`exists (select 1 from ${subscriptions} where ${subscriptions.owner} = ${users.id} and ${subscriptions.status} = 'active' and (${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} > ${now}))`;

/** The phone field's text as stored, when it looks like a phone; anything else is looked for as typed. */
const phoneText = (text: string): string => userSearchTerms(text).phone ?? text;

/**
 * The e-mail or the phone contains the text, read by the contract's one user search
 * (`userSearchTerms`): a phone also as stored, «8 916…» as «+7916…».
 */
const contactMatches = (text: string): SQL | undefined => {
  const terms = userSearchTerms(text);
  return or(
    ilike(users.email, containsPattern(terms.text)),
    ilike(users.phoneNumber, containsPattern(terms.text)),
    terms.phone ? ilike(users.phoneNumber, containsPattern(terms.phone)) : undefined,
  );
};

/**
 * «Everywhere» (`any`): e-mail, phone or name contains the text, or it is the user's id (`123`, `#123`).
 * Each text arm is one of the trigram-indexed expressions and the id the primary key, so PostgreSQL ORs
 * index scans instead of reading the table.
 */
const anywhere = (text: string): SQL | undefined => {
  const { id } = userSearchTerms(text);
  return or(
    contactMatches(text),
    sql`${fullName} ilike ${containsPattern(text.trim())}`,
    id !== null ? eq(users.id, id) : undefined,
  );
};

/**
 * The ids of the users whose e-mail or phone contains the text: the «Пользователь» filter of the lists
 * that name a user (transactions, subscriptions), as `<user column> IN (this)`. The users are found by
 * the trigram indexes; the planner joins them to the list by its user index, or walks the list's own
 * order and probes them, whichever the text's selectivity makes cheaper.
 */
export const userIdsMatching = (text: string): SQL =>
  sql`SELECT ${users.id} FROM ${users} WHERE ${contactMatches(text)}`;

/** Turns the users-list filter (already validated by the contract) into SQL conditions. */
export function userConditions(where: UserFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (where.any) conditions.push(anywhere(where.any));
  if (where.email) conditions.push(ilike(users.email, containsPattern(where.email)));
  if (where.phoneNumber) conditions.push(ilike(users.phoneNumber, containsPattern(phoneText(where.phoneNumber))));
  if (where.name) conditions.push(sql`${fullName} ilike ${containsPattern(where.name)}`);
  if (where.role) conditions.push(inArray(users.role, where.role));
  if (where.status) conditions.push(inArray(users.status, where.status));
  if (where.from) conditions.push(gte(users.createdAt, new Date(where.from)));
  if (where.to) conditions.push(lte(users.createdAt, new Date(where.to)));
  if (where.hasSubscription !== undefined) {
    const live = hasLiveSubscription(now);
    conditions.push(where.hasSubscription ? live : sql`not ${live}`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const sortColumns = { createdAt: users.createdAt, email: users.email, lastSeenAt: users.lastSeenAt, id: users.id };

/** `field:dir` → ORDER BY with the id as tie-breaker, so pages never overlap; `reverse` flips both. */
export const userOrder = (sort: UserSort, reverse = false): SQL[] => sortOrder(sort, sortColumns, users.id, reverse);
