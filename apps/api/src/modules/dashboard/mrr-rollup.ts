import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { RollupDifference } from './rollup-difference';

/** Owners folded per statement; a run folds batches until the queue is empty or its time is up. */
const OWNERS_PER_BATCH = 5_000;
const FOLD_BUDGET_MS = 10_000;

const ownerArray = (owners: number[]) => sql`${`{${owners.join(',')}}`}::integer[]`;

/**
 * Replaces the movements of these owners by `pult_mrr_movements` (docs/decisions/0038), and moves
 * `mrr_daily` by the difference: the old rows' sums out, the new rows' in.
 */
async function refold(tx: Db, owners: number[]): Promise<void> {
  if (owners.length === 0) return;
  const add = sql`ON CONFLICT (day, kind) DO UPDATE
    SET amount = mrr_daily.amount + excluded.amount, customers = mrr_daily.customers + excluded.customers`;
  await tx.execute(sql`WITH old AS (DELETE FROM mrr_movements WHERE user_id = ANY (${ownerArray(owners)})
      RETURNING day, kind, amount)
    INSERT INTO mrr_daily (day, kind, amount, customers)
    SELECT day, kind, -sum(amount), -count(*) FROM old GROUP BY day, kind ${add}`);
  await tx.execute(sql`WITH fresh AS (INSERT INTO mrr_movements (user_id, day, kind, amount, plan_id)
      SELECT * FROM pult_mrr_movements(${ownerArray(owners)}) RETURNING day, kind, amount)
    INSERT INTO mrr_daily (day, kind, amount, customers)
    SELECT day, kind, sum(amount), count(*) FROM fresh GROUP BY day, kind ${add}`);
}

/**
 * Folds the owners the triggers queued (a purchased subscription written, a plan re-priced) into the
 * rollup: their movements recomputed from their own subscriptions, the day sums moved by the difference.
 * Today's figures are therefore as fresh as the last run (30 s), never counted per request.
 */
export async function foldMrrMovements(tx: Db): Promise<number> {
  const started = Date.now();
  let folded = 0;
  for (;;) {
    const taken = await queryRows<{ owner: number }>(
      tx,
      sql`DELETE FROM mrr_dirty_owners WHERE owner IN (
            SELECT owner FROM mrr_dirty_owners ORDER BY owner LIMIT ${OWNERS_PER_BATCH})
          RETURNING owner`,
    );
    await refold(
      tx,
      taken.map((row) => row.owner),
    );
    folded += taken.length;
    if (taken.length < OWNERS_PER_BATCH || Date.now() - started > FOLD_BUDGET_MS) return folded;
  }
}

/** Every movement from scratch (the seed, after a bulk load that skipped the triggers). */
export async function rebuildMrrMovements(tx: Db): Promise<void> {
  await tx.execute(sql`DELETE FROM mrr_dirty_owners`);
  await tx.execute(sql`DELETE FROM mrr_movements`);
  await tx.execute(sql`DELETE FROM mrr_daily`);
  await tx.execute(
    sql`INSERT INTO mrr_movements (user_id, day, kind, amount, plan_id) SELECT * FROM pult_mrr_movements(NULL)`,
  );
  await tx.execute(sql`INSERT INTO mrr_daily (day, kind, amount, customers)
    SELECT day, kind, sum(amount), count(*) FROM mrr_movements GROUP BY day, kind`);
}

/**
 * Compares the stored movements with `pult_mrr_movements` over the raw rows (owners still queued are
 * left to the job), and the day sums with the stored movements; with `repair`, refolds the owners that
 * differ and rewrites the days whose sums differ. Differences read `mrr:<kind>` with the owner as dim
 * (stored and actual amounts, 0 when absent), or `mrr-daily:<kind>` for a day's sum.
 */
export async function checkMrrMovements(
  tx: Db,
  options: { repair: boolean },
): Promise<{ differences: RollupDifference[]; repairedOwners: number }> {
  const movements = await queryRows<RollupDifference & { owner: number }>(
    tx,
    sql`WITH actual AS (SELECT * FROM pult_mrr_movements(NULL) a
          WHERE NOT EXISTS (SELECT 1 FROM mrr_dirty_owners q WHERE q.owner = a.user_id)),
        stored AS (SELECT * FROM mrr_movements m
          WHERE NOT EXISTS (SELECT 1 FROM mrr_dirty_owners q WHERE q.owner = m.user_id))
        SELECT 'mrr:' || coalesce(a.kind, s.kind) AS metric, to_char(coalesce(a.day, s.day), 'YYYY-MM-DD') AS day,
          coalesce(a.user_id, s.user_id)::text AS dim, coalesce(a.user_id, s.user_id) AS owner,
          coalesce(s.amount, 0)::float8 AS stored, coalesce(a.amount, 0)::float8 AS actual
        FROM actual a FULL JOIN stored s ON s.user_id = a.user_id AND s.day = a.day
        WHERE (a.kind, a.amount, a.plan_id) IS DISTINCT FROM (s.kind, s.amount, s.plan_id)
        ORDER BY 2, 4`,
  );
  const owners = [...new Set(movements.map((row) => row.owner))];
  if (options.repair) await refold(tx, owners);
  const daily = await queryRows<RollupDifference>(
    tx,
    sql`WITH actual AS (SELECT day, kind, sum(amount) AS amount, count(*) AS customers FROM mrr_movements
          GROUP BY day, kind)
        SELECT 'mrr-daily:' || coalesce(a.kind, s.kind) AS metric, to_char(coalesce(a.day, s.day), 'YYYY-MM-DD') AS day,
          '' AS dim, coalesce(s.amount, 0)::float8 AS stored, coalesce(a.amount, 0)::float8 AS actual
        FROM actual a FULL JOIN mrr_daily s ON s.day = a.day AND s.kind = a.kind
        WHERE coalesce(a.amount, 0) <> coalesce(s.amount, 0) OR coalesce(a.customers, 0) <> coalesce(s.customers, 0)
        ORDER BY 2, 1`,
  );
  if (options.repair && daily.length > 0) {
    const days = sql.join(
      [...new Set(daily.map((d) => d.day))].map((day) => sql`${day}::date`),
      sql`, `,
    );
    await tx.execute(sql`DELETE FROM mrr_daily WHERE day IN (${days})`);
    await tx.execute(sql`INSERT INTO mrr_daily (day, kind, amount, customers)
      SELECT day, kind, sum(amount), count(*) FROM mrr_movements WHERE day IN (${days}) GROUP BY day, kind`);
  }
  const differences = [...movements.map(({ owner: _, ...rest }) => rest), ...daily];
  return { differences, repairedOwners: options.repair ? owners.length : 0 };
}
