import type { ActivatedCode, ActivatedFilter } from '@pult/contract';
import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promoCodes, users } from '../../../db/schema';
import { countRows, EXACT_COUNT_LIMIT, type PageCount } from '../../../lib/page-count';
import { containsPattern } from '../../../lib/sql-search';

/**
 * A series' used and blocked codes, newest first, optionally matching `text` in the code or
 * in the activating user's e-mail or phone. An empty page may also mean an unknown series: the service
 * tells the two apart only then.
 */
export async function listActivatedCodes(
  db: Db,
  seriesId: number,
  where: ActivatedFilter,
): Promise<{ items: ActivatedCode[] } & PageCount> {
  const listed = and(
    eq(promoCodes.seriesId, seriesId),
    // Matches the partial indexes of used codes: a series' unused millions are never scanned.
    ne(promoCodes.status, 'new'),
    where.statuses && where.statuses.length > 0 ? inArray(promoCodes.status, where.statuses) : undefined,
  );
  if (where.text) {
    const pattern = containsPattern(where.text);
    const ids = await matchingIds(db, listed, pattern);
    // A handful of matches (the usual search: a code from a screenshot, a customer's address) are
    // sorted by themselves and counted exactly. A broad text (the series' own prefix) matches
    // thousands: then walking the list newest first and stopping at the page is the cheaper plan.
    if (ids) {
      if (ids.length === 0) return { items: [], count: 0, isEstimate: false };
      const items = await page(db, inArray(promoCodes.id, ids), where);
      return { items, count: ids.length, isEstimate: false };
    }
    const broad = and(
      listed,
      or(ilike(promoCodes.value, pattern), inArray(promoCodes.activatedBy, usersMatching(db, pattern))),
    );
    return { items: await page(db, broad, where), ...(await countRows(db, idsWhere(db, broad))) };
  }
  return { items: await page(db, listed, where), ...(await countRows(db, idsWhere(db, listed))) };
}

const idsWhere = (db: Db, condition: SQL | undefined) =>
  db.select({ id: promoCodes.id }).from(promoCodes).where(condition);

const usersMatching = (db: Db, pattern: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(users.phoneNumber, pattern)));

/**
 * The listed codes matching `pattern`, or undefined when there are more than EXACT_COUNT_LIMIT, found each way on its own
 * index: the partial trigram index of used codes, and the users' trigram indexes followed by
 * promo_codes_activated_by_idx. Written as one condition with OR, the planner may instead walk the
 * series' used codes newest first and filter each, betting on an early match: measured 1 s for a
 * text that matched one code of 300 000.
 */
async function matchingIds(db: Db, listed: SQL | undefined, pattern: string): Promise<number[] | undefined> {
  const byValue = db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(listed, ilike(promoCodes.value, pattern)));
  const byUser = db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    // `= any(array(…))` runs the user lookup once and then probes the activated_by index.
    .where(and(listed, sql`${promoCodes.activatedBy} = any(array(${usersMatching(db, pattern)}))`));
  // UNION ALL streams and stops at the cap (UNION would first collect every match to drop duplicates);
  // a code that matches both ways comes twice and is deduplicated here.
  const rows = await byValue.unionAll(byUser).limit(EXACT_COUNT_LIMIT + 1);
  return rows.length > EXACT_COUNT_LIMIT ? undefined : [...new Set(rows.map((row) => row.id))];
}

async function page(db: Db, condition: SQL | undefined, where: ActivatedFilter): Promise<ActivatedCode[]> {
  const rows = await db
    .select({ code: promoCodes, email: users.email, phoneNumber: users.phoneNumber })
    .from(promoCodes)
    .leftJoin(users, eq(users.id, promoCodes.activatedBy))
    .where(condition)
    .orderBy(desc(promoCodes.activatedAt), desc(promoCodes.id))
    .limit(where.take)
    .offset((where.page - 1) * where.take);
  return rows.map(({ code, email, phoneNumber }) => ({
    value: code.value,
    status: code.status,
    activatedAt: code.activatedAt?.toISOString() ?? null,
    blockedAt: code.blockedAt?.toISOString() ?? null,
    activatedBy: code.activatedBy && email ? { id: code.activatedBy, email, phoneNumber } : null,
  }));
}
