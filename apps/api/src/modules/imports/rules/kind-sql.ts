import type { ImportKind, UndoRefusal } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { pgPoolOf } from '../../../db/copy-out';
import { updateSql } from './update-sql';

/**
 * The database's side of each kind, in SQL over `import_rows` so that a million rows are checked and
 * written by the database in sets, not held in the process: which keys are already taken, how a set of
 * valid rows becomes records (each with the id its row reserved at staging), and which records an undo may remove.
 */
export interface KindSql {
  /** The field a taken key is reported on. */
  keyField: string;
  /** A row's key is taken when this holds (`r` is the import row). */
  taken: SQL;
  /** Inserts rows of `batch` (row, data, record_id: the id reserved at staging) and returns `id` of each record created. */
  insert(importId: number, seriesId: number | null, now: Date): SQL;
  /** Why the record `record_id` of row `r` may not be removed, or NULL when it may. */
  blocker: SQL;
  /**
   * Removes the records whose ids are in the array `doomed` that are still as imported. The condition is
   * part of the DELETE, so a record changed by a transaction that committed meanwhile is re-read and
   * kept (PostgreSQL re-checks a locked row's condition), and the undo sees it was not removed.
   */
  remove(doomed: SQL): SQL;
  /** The records' table, to see which of them are still there after the removal. */
  table: string;
  /**
   * Locks every record the import wrote, in id order, before the undo writes any: for a table whose
   * writes also mark a shared list as changed (tg_channels, migration 0048), so the undo never holds that
   * list's version row while it waits for a record a staff edit has locked (the edit would then wait for
   * the version row: a deadlock). Locked first, the undo waits for the edit holding nothing else.
   */
  lockRecords?(importId: number): SQL;
}

const users: KindSql = {
  keyField: 'email',
  taken: sql`EXISTS (SELECT 1 FROM users u WHERE u.email = r.key)`,
  insert: (_importId, _seriesId, now) => sql`
    INSERT INTO users (id, email, phone_number, first_name, last_name, role, created_at, updated_at)
    SELECT record_id, data->>'email', data->>'phoneNumber', data->>'firstName', data->>'lastName', 'user', ${now}, ${now}
    FROM batch ORDER BY row
    ON CONFLICT DO NOTHING
    RETURNING id`,
  // Someone edited, blocked or deleted them, they signed in, or something now belongs to them.
  blocker: sql`(SELECT CASE
      WHEN u.id IS NULL THEN NULL
      WHEN u.updated_at <> u.created_at OR u.last_seen_at IS NOT NULL OR u.status <> 'active' THEN 'changed'
      WHEN EXISTS (SELECT 1 FROM subscriptions s WHERE s.owner = u.id)
        OR EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = u.id)
        OR EXISTS (SELECT 1 FROM devices d WHERE d.user_id = u.id)
        OR EXISTS (SELECT 1 FROM promo_codes p WHERE p.activated_by = u.id)
        OR EXISTS (SELECT 1 FROM sessions x WHERE x.user_id = u.id)
        OR EXISTS (SELECT 1 FROM agreement_consents a WHERE a.user_id = u.id) THEN 'in_use'
      END FROM (SELECT 1) AS one LEFT JOIN users u ON u.id = r.record_id)`,
  remove: (doomed) => sql`DELETE FROM users u USING unnest(${doomed}) AS d(id) WHERE u.id = d.id
    AND u.updated_at = u.created_at AND u.last_seen_at IS NULL AND u.status = 'active' RETURNING 1`,
  table: 'users',
};

const codes: KindSql = {
  keyField: 'code',
  taken: sql`EXISTS (SELECT 1 FROM promo_codes p WHERE p.value = r.key COLLATE "C")`,
  // Collated "C" as the column (migration 0022), so the unique index is used.
  insert: (_importId, seriesId, _now) => sql`
    INSERT INTO promo_codes (id, value, series_id)
    SELECT record_id, key COLLATE "C", ${seriesId} FROM batch ORDER BY key COLLATE "C"
    ON CONFLICT (value) DO NOTHING
    RETURNING id`,
  blocker: sql`(SELECT CASE WHEN p.status <> 'new' THEN 'activated' END FROM promo_codes p WHERE p.id = r.record_id)`,
  remove: (doomed) =>
    sql`DELETE FROM promo_codes p USING unnest(${doomed}) AS d(id) WHERE p.id = d.id AND p.status = 'new' RETURNING 1`,
  table: 'promo_codes',
};

const channels: KindSql = {
  keyField: 'username',
  taken: sql`EXISTS (SELECT 1 FROM tg_channels c WHERE lower(c.username) = r.key)`,
  // Each goes last in its category, in the file's order.
  insert: (_importId, _seriesId, now) => sql`
    INSERT INTO tg_channels (id, title, username, description, category_id, published, sort_order, created_at, updated_at)
    SELECT record_id, data->>'title', data->>'username', coalesce(data->>'description', ''), (data->>'categoryId')::int,
      coalesce((data->>'published')::boolean, true),
      coalesce((SELECT max(c.sort_order) + 1 FROM tg_channels c WHERE c.category_id = (data->>'categoryId')::int), 0)
        + row_number() OVER (PARTITION BY data->>'categoryId' ORDER BY row) - 1,
      ${now}, ${now}
    FROM batch ORDER BY row
    ON CONFLICT DO NOTHING
    RETURNING id`,
  blocker: sql`(SELECT CASE WHEN c.updated_at <> c.created_at OR c.checked_at IS NOT NULL THEN 'changed' END
      FROM tg_channels c WHERE c.id = r.record_id)`,
  remove: (doomed) => sql`DELETE FROM tg_channels c USING unnest(${doomed}) AS d(id) WHERE c.id = d.id
    AND c.updated_at = c.created_at AND c.checked_at IS NULL RETURNING 1`,
  table: 'tg_channels',
  lockRecords: (importId) => sql`SELECT 1 FROM tg_channels c
    WHERE c.id IN (SELECT record_id FROM import_rows WHERE import_id = ${importId} AND record_id IS NOT NULL)
    ORDER BY c.id FOR UPDATE OF c`,
};

export const kindSql: Record<ImportKind, KindSql> = { users, 'promo-codes': codes, 'tg-channels': channels };

const keyError = (kind: ImportKind, code: string) =>
  sql`jsonb_build_array(jsonb_build_object('field', ${kindSql[kind].keyField}::text, 'code', ${code}::text))`;

/** Rows whose key is already taken in the database: refused on the key's field. */
export async function markTaken(db: Db, kind: ImportKind, importId: number): Promise<void> {
  await db.execute(sql`UPDATE import_rows r SET errors = ${keyError(kind, 'taken')}, record_id = NULL
    WHERE r.import_id = ${importId} AND r.errors IS NULL AND ${kindSql[kind].taken}`);
}

/**
 * Update mode: each row whose key a record has gets that record's id and the fields it would change
 * ([] when none); a record a file must not touch refuses its row (`not_allowed` on the key).
 */
export async function markExisting(db: Db, kind: ImportKind, importId: number): Promise<void> {
  const rules = updateSql[kind];
  if (!rules) return markTaken(db, kind, importId);
  if (rules.forbidden)
    await db.execute(sql`UPDATE import_rows r SET errors = ${keyError(kind, 'not_allowed')}, record_id = NULL
      WHERE r.import_id = ${importId} AND r.errors IS NULL AND ${rules.forbidden}`);
  // A matched row changes its record (or nothing): the id reserved for a new one is not used.
  await db.execute(sql`UPDATE import_rows r SET existing_id = t.id, record_id = NULL, changes = ${rules.changes}
    FROM ${rules.target}
    WHERE r.import_id = ${importId} AND r.errors IS NULL AND ${rules.matches}`);
}

/**
 * Runs `work` with the settings a statement over a whole batch (or a whole file) wants on PostgreSQL,
 * in a transaction so they end with it: no JIT (the estimates of a 20,000-row CTE chain pass its
 * threshold, and compiling took 50-160 ms of each batch's 1.3-2.4 s), and sorts and hashes of a
 * batch in memory rather than in temporary files (4 MB by default: a batch's join of its records with
 * its rows sorted on disk). PGlite runs it as it is.
 */
export async function withBatchSettings<T>(
  db: Db,
  options: { postgres: boolean; noNestedLoops?: boolean },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (!options.postgres && !options.noNestedLoops) return work(db);
  return db.transaction(async (tx) => {
    // set_config(…, true) is SET LOCAL: it ends with the transaction.
    if (options.postgres)
      await tx.execute(sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    if (options.noNestedLoops) await tx.execute(sql`SET LOCAL enable_nestloop = off`);
    return work(tx as unknown as Db);
  });
}

/**
 * Every row after the first with the same key: a duplicate inside the file. The rows are sorted by
 * key byte by byte (collation "C": equal keys are equal bytes either way, and the language's
 * collation made the sort of a million keys three times slower) and a row is a repeat when the one
 * before it has its key.
 */
export async function markDuplicates(db: Db, kind: ImportKind, importId: number): Promise<void> {
  await withBatchSettings(db, { postgres: pgPoolOf(db) !== undefined }, (tx) =>
    tx.execute(sql`UPDATE import_rows r
    SET errors = jsonb_build_array(jsonb_build_object('field', ${kindSql[kind].keyField}::text, 'code', 'duplicate')),
      record_id = NULL
    FROM (SELECT row FROM (
            SELECT row, key, lag(key) OVER (ORDER BY key COLLATE "C", row) AS previous
            FROM import_rows WHERE import_id = ${importId} AND errors IS NULL) AS sorted
          WHERE key = previous) AS repeated
    WHERE r.import_id = ${importId} AND r.row = repeated.row`),
  );
}

/**
 * Turns the next `take` valid rows into records in one statement: new keys are inserted, each under
 * the id its row reserved, and a row whose key was taken since the check (another import, a form) is
 * refused as taken (its id given up), so the counts stay true; in update mode the rows matching a record change it, its
 * fields as they were kept on the row (`before`) with the stamp the import wrote (`written_at`).
 * Returns how many rows it went through, made records of, updated with, and refused.
 */
export async function insertBatch(
  db: Db,
  kind: ImportKind,
  target: { importId: number; seriesId: number | null; updates: boolean; postgres: boolean },
  take: number,
  now: Date,
): Promise<{ spanned: number; imported: number; updated: number; refused: number }> {
  const rules = kindSql[kind];
  const { importId, seriesId } = target;
  const update = target.updates ? updateSql[kind] : undefined;
  const updating = update
    ? sql`,
      upd AS (SELECT row, data, existing_id FROM span WHERE existing_id IS NOT NULL AND changes <> '[]'::jsonb),
      ${update.apply(now)},
      rewritten AS (
        UPDATE import_rows r SET record_id = changed.id, before = old.before, written_at = ${now}
        FROM upd, changed, old
        WHERE r.import_id = ${importId} AND r.row = upd.row AND changed.id = upd.existing_id AND old.id = changed.id
        RETURNING 1)`
    : sql`, rewritten AS (SELECT 1 WHERE false)`;
  // Each creating row carries the id its record gets (reserved at staging), so the records need no
  // pairing with their rows afterwards; a row whose key was taken since the check gives its id up.
  const statement = sql`WITH span AS (
        SELECT row, key, data, record_id, existing_id, changes FROM import_rows
        WHERE import_id = ${importId} AND errors IS NULL
          AND row > (SELECT inserted_through FROM imports WHERE id = ${importId})
        ORDER BY row LIMIT ${take}),
      batch AS (SELECT row, key, data, record_id FROM span${update ? sql` WHERE existing_id IS NULL` : sql``}),
      created AS (${rules.insert(importId, seriesId, now)}),
      refused AS (
        UPDATE import_rows r SET errors = ${keyError(kind, 'taken')}, record_id = NULL
        FROM batch
        WHERE r.import_id = ${importId} AND r.row = batch.row
          AND NOT EXISTS (SELECT 1 FROM created WHERE created.id = batch.record_id)
        RETURNING 1)${updating},
      counted AS (
        UPDATE imports SET imported = imported + (SELECT count(*) FROM created) + (SELECT count(*) FROM rewritten),
          updated = updated + (SELECT count(*) FROM rewritten),
          valid = valid - (SELECT count(*) FROM refused), invalid = invalid + (SELECT count(*) FROM refused),
          inserted_through = coalesce((SELECT max(row) FROM span), inserted_through)
        WHERE id = ${importId} RETURNING 1)
      SELECT (SELECT count(*) FROM span)::int AS spanned,
        ((SELECT count(*) FROM created) + (SELECT count(*) FROM rewritten))::int AS imported,
        (SELECT count(*) FROM rewritten)::int AS updated, (SELECT count(*) FROM refused)::int AS refused
      FROM counted`;
  type Counts = { spanned: number; imported: number; updated: number; refused: number };
  // A filter on a CTE is estimated at half a percent: with "update" the creating rows of a batch of
  // 20,000 look like 100, and the planner pairs them with their new records in nested loops (20,000 ×
  // 20,000 key comparisons; measured minutes). Without nested loops for that one statement it hashes.
  const [row] = await withBatchSettings(db, { postgres: target.postgres, noNestedLoops: Boolean(update) }, (tx) =>
    queryRows<Counts>(tx, statement),
  );
  const made = (row?.imported ?? 0) - (row?.updated ?? 0);
  if (kind === 'promo-codes' && seriesId !== null && made > 0) {
    // The series counts its codes: imported ones are made, as generated ones are.
    await db.execute(sql`UPDATE promo_series SET codes_count = codes_count + ${made},
      generated = generated + ${made} WHERE id = ${seriesId}`);
  }
  return {
    spanned: row?.spanned ?? 0,
    imported: row?.imported ?? 0,
    updated: row?.updated ?? 0,
    refused: row?.refused ?? 0,
  };
}

/** The import's records that changed since, with why (created ones kept from removal, updated ones from restoring); empty when none. */
export async function undoBlockers(db: Db, kind: ImportKind, importId: number, limit = 1000): Promise<UndoRefusal[]> {
  const created = kindSql[kind].blocker;
  // An updated record is put back only while it carries the import's stamp (codes are never updated).
  const reason = updateSql[kind]
    ? sql`CASE WHEN r.before IS NULL THEN ${created}
        ELSE (SELECT CASE WHEN t.updated_at <> r.written_at THEN 'changed' END
              FROM ${sql.raw(kindSql[kind].table)} t WHERE t.id = r.record_id) END`
    : created;
  const rows = await queryRows<{ row: number; record_id: number | string; reason: UndoRefusal['reason'] }>(
    db,
    sql`SELECT row, record_id, reason FROM (
          SELECT r.row, r.record_id, ${reason} AS reason
          FROM import_rows r WHERE r.import_id = ${importId} AND r.record_id IS NOT NULL) AS checked
        WHERE reason IS NOT NULL ORDER BY row LIMIT ${limit}`,
  );
  return rows.map((row) => ({ row: row.row, recordId: Number(row.record_id), reason: row.reason }));
}

/**
 * Puts the records the import updated back as they were, where each still carries the import's
 * stamp, then removes the records it created that are still as imported; says how many were restored
 * and removed and how many are left (changed since, or held by another record's foreign key: the
 * caller rolls back when any is left, all or nothing). Records deleted by hand meanwhile are gone.
 */
export async function removeRecords(
  db: Db,
  kind: ImportKind,
  importId: number,
): Promise<{ removed: number; restored: number; left: number }> {
  const rules = kindSql[kind];
  const table = sql.raw(rules.table);
  const update = updateSql[kind];
  let restored = 0;
  let leftUpdated = 0;
  const lock = rules.lockRecords?.(importId);
  if (lock) await queryRows(db, lock);
  if (update) {
    const [present] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM import_rows r
          WHERE r.import_id = ${importId} AND r.before IS NOT NULL
            AND EXISTS (SELECT 1 FROM ${table} t WHERE t.id = r.record_id)`,
    );
    const [done] = await queryRows<{ n: number }>(
      db,
      sql`WITH restored AS (${update.restore(importId)}) SELECT count(*)::int AS n FROM restored`,
    );
    restored = done?.n ?? 0;
    leftUpdated = (present?.n ?? 0) - restored;
  }
  const [removed] = await queryRows<{ n: number }>(
    db,
    // The ids as one array, joined as a set: a join with the import's rows planned from stale
    // statistics paired 100,000 new users with a scan of those rows each, and `id = ANY (array)` with
    // the array a parameter is a linear search per row: the users' delete tested each row with
    // `last_seen_at IS NULL` (the index the stale estimate chose) against all 100,000 ids (55 s).
    sql`WITH removed AS (${rules.remove(sql`ARRAY(SELECT record_id FROM import_rows
          WHERE import_id = ${importId} AND record_id IS NOT NULL AND before IS NULL)`)})
      SELECT count(*)::int AS n FROM removed`,
  );
  const [left] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM import_rows r
        WHERE r.import_id = ${importId} AND r.record_id IS NOT NULL AND r.before IS NULL
          AND EXISTS (SELECT 1 FROM ${table} t WHERE t.id = r.record_id)`,
  );
  return { removed: removed?.n ?? 0, restored, left: (left?.n ?? 0) + leftUpdated };
}
