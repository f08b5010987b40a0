import type { MrrMovementItem, MrrMovementKind } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { mrrMovementRows } from './mrr-movements-sql';

/** SQL only: the MRR movements of a range of Moscow days, summed by kind or listed for one kind. */
export const mrrMovementsRepository = {
  sums: (db: Db, from: string, to: string) =>
    queryRows<{ kind: MrrMovementKind; amount: number }>(
      db,
      sql`SELECT kind, sum(amount)::float8 AS amount FROM (${mrrMovementRows(from, to)}) m GROUP BY kind`,
    ),

  /** One page, newest day first, and the count of the whole list (a row even when the page is empty). */
  page: async (
    db: Db,
    range: { from: string; to: string; kind: MrrMovementKind },
    paging: { take: number; page: number },
  ): Promise<{ items: MrrMovementItem[]; count: number }> => {
    const rows = await queryRows<{
      count: number;
      userId: number | null;
      email: string | null;
      planId: number | null;
      amount: number | null;
      at: string | null;
    }>(
      db,
      sql`WITH m AS (SELECT * FROM (${mrrMovementRows(range.from, range.to)}) all_kinds WHERE kind = ${range.kind}),
          page AS (SELECT * FROM m ORDER BY day DESC, user_id LIMIT ${paging.take} OFFSET ${(paging.page - 1) * paging.take})
          SELECT (SELECT count(*) FROM m)::int AS count, page.user_id AS "userId", u.email, page.plan_id AS "planId",
            page.amount::float8 AS amount, to_char(page.day, 'YYYY-MM-DD') AS at
          FROM (SELECT 1) one
          LEFT JOIN page ON true
          LEFT JOIN users u ON u.id = page.user_id
          ORDER BY page.day DESC, page.user_id`,
    );
    const items = rows.flatMap((row) =>
      row.userId === null
        ? []
        : [
            {
              userId: row.userId,
              email: row.email ?? '',
              planId: row.planId,
              amount: row.amount ?? 0,
              at: row.at ?? '',
            },
          ],
    );
    return { items, count: rows[0]?.count ?? 0 };
  },
};
