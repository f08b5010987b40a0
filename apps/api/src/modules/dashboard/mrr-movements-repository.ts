import type { MrrMovementItem, MrrMovementKind } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** SQL only: the MRR movement rollup (docs/decisions/0038), summed by kind or listed for one kind. */
export const mrrMovementsRepository = {
  /** The days' sums by kind, and the MRR at the end of the day before `from` (every movement before it). */
  sums: async (db: Db, from: string, to: string) => {
    const rows = await queryRows<{ kind: MrrMovementKind | 'opening'; amount: number }>(
      db,
      sql`SELECT kind, sum(amount)::float8 AS amount FROM mrr_daily
          WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY kind
          UNION ALL
          SELECT 'opening', coalesce(sum(amount), 0)::float8 FROM mrr_daily WHERE day < ${from}::date`,
    );
    return rows;
  },

  /**
   * One page, newest day first, through `mrr_movements_kind_day_idx`; the count from the day sums, so
   * neither reads more than a page of movements.
   */
  page: async (
    db: Db,
    range: { from: string; to: string; kind: MrrMovementKind },
    paging: { take: number; page: number },
  ): Promise<{ items: MrrMovementItem[]; count: number }> => {
    const [items, counted] = await Promise.all([
      queryRows<MrrMovementItem>(
        db,
        sql`SELECT m.user_id AS "userId", u.email, m.plan_id AS "planId", m.amount::float8 AS amount,
              to_char(m.day, 'YYYY-MM-DD') AS at
            FROM (SELECT user_id, day, plan_id, amount FROM mrr_movements
                  WHERE kind = ${range.kind} AND day BETWEEN ${range.from}::date AND ${range.to}::date
                  ORDER BY day DESC, user_id LIMIT ${paging.take} OFFSET ${(paging.page - 1) * paging.take}) m
            JOIN users u ON u.id = m.user_id
            ORDER BY m.day DESC, m.user_id`,
      ),
      queryRows<{ count: number }>(
        db,
        sql`SELECT coalesce(sum(customers), 0)::int AS count FROM mrr_daily
            WHERE kind = ${range.kind} AND day BETWEEN ${range.from}::date AND ${range.to}::date`,
      ),
    ]);
    return { items: items.map((item) => ({ ...item, email: item.email ?? '' })), count: counted[0]?.count ?? 0 };
  },

  /** One batch of the export: the rows after (day, user) in the list's order, through the same index. */
  after: (
    db: Db,
    range: { from: string; to: string; kind: MrrMovementKind },
    after: { day: string; userId: number } | null,
    limit: number,
  ) =>
    queryRows<MrrMovementItem>(
      db,
      sql`SELECT m.user_id AS "userId", u.email, m.plan_id AS "planId", m.amount::float8 AS amount,
            to_char(m.day, 'YYYY-MM-DD') AS at
          FROM (SELECT user_id, day, plan_id, amount FROM mrr_movements
                WHERE kind = ${range.kind} AND day BETWEEN ${range.from}::date AND ${range.to}::date
                  ${after ? sql`AND (day < ${after.day}::date OR (day = ${after.day}::date AND user_id > ${after.userId}))` : sql``}
                ORDER BY day DESC, user_id LIMIT ${limit}) m
          JOIN users u ON u.id = m.user_id
          ORDER BY m.day DESC, m.user_id`,
    ),
};
