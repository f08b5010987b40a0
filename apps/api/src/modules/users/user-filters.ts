import type { UserWhere } from '@pult/contract';
import { and, asc, desc, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-search';

const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** A subscription that counts right now: active and not past its expiry (expiry needs no job). */
export const hasLiveSubscription = (now: Date) =>
  sql`exists (select 1 from ${subscriptions} where ${subscriptions.owner} = ${users.id} and ${subscriptions.status} = 'active' and (${subscriptions.expiresAt} is null or ${subscriptions.expiresAt} > ${now}))`;

const oneOrMany = <T extends string>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/** Turns the allow-listed `where` (already validated by the contract) into SQL conditions. */
export function userConditions(where: UserWhere, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (where.email) conditions.push(ilike(users.email, containsPattern(where.email)));
  if (where.phoneNumber) conditions.push(ilike(users.phoneNumber, containsPattern(where.phoneNumber)));
  if (where.name) conditions.push(sql`${fullName} ilike ${containsPattern(where.name)}`);
  if (where.role) conditions.push(inArray(users.role, oneOrMany(where.role)));
  if (where.status) conditions.push(inArray(users.status, oneOrMany(where.status)));
  if (where.createdAt?.gte) conditions.push(gte(users.createdAt, new Date(where.createdAt.gte)));
  if (where.createdAt?.lte) conditions.push(lte(users.createdAt, new Date(where.createdAt.lte)));
  if (where.hasSubscription !== undefined) {
    const live = hasLiveSubscription(now);
    conditions.push(where.hasSubscription ? live : sql`not ${live}`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const sortColumns = { createdAt: users.createdAt, email: users.email, lastSeenAt: users.lastSeenAt, id: users.id };

/** `field:dir` → ORDER BY with the id as tie-breaker, so pages never overlap; `reverse` flips both. */
export function userOrder(sort: string, reverse = false): SQL[] {
  const [field, dir] = sort.split(':') as [keyof typeof sortColumns, 'asc' | 'desc'];
  const descending = (dir === 'desc') !== reverse;
  const by = descending ? desc : asc;
  const column = sortColumns[field] ?? users.createdAt;
  return column === users.id ? [by(users.id)] : [by(column), by(users.id)];
}
