import type { ImportKind } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The update mode's SQL for each kind a file may update (docs/decisions/0042): which record a row's
 * key matches, what the row would change in it, how a batch of rows changes their records (keeping
 * each record's fields as they were), and how an undo puts them back. A blank cell changes nothing
 * (the key is absent from the row's data): a file fills and corrects, it never erases.
 */
export interface UpdateSql {
  /** The records a row may match, as `t`, and the condition on `r` (the import row). */
  target: SQL;
  matches: SQL;
  /** A matched record a file must not touch (a staff account): the row is refused on the key's field. */
  forbidden?: SQL;
  /** The fields `r.data` would change in `t`: a JSON array of { field, before, after }, [] when none. */
  changes: SQL;
  /**
   * CTEs after `upd(row, data, existing_id)`: lock and keep each record's fields (`old(id, before)`),
   * change them (`changed(id)`, only where something differs).
   */
  apply(now: Date): SQL;
  /** Puts `r.before` back into `t` where `t` still carries the import's stamp; RETURNING 1 per record. */
  restore(importId: number): SQL;
}

/** Each `[field, before, after]` that differs, in order, as a JSON array of the history's field changes. */
const changeList = (fields: Array<[string, SQL, SQL, SQL?]>): SQL =>
  sql`(SELECT coalesce(jsonb_agg(c ORDER BY n), '[]'::jsonb) FROM (VALUES ${sql.join(
    fields.map(
      ([field, before, after, differs], n) =>
        sql`(${n}, CASE WHEN ${differs ?? sql`${after} IS NOT NULL AND ${after} IS DISTINCT FROM ${before}`}
          THEN jsonb_build_object('field', ${field}::text, 'before', to_jsonb(${before}), 'after', to_jsonb(${after})) END)`,
    ),
    sql`, `,
  )}) AS v(n, c) WHERE c IS NOT NULL)`;

const userValue = (field: string) => sql.raw(`(r.data->>'${field}')`);
const userChanges = changeList([
  ['phoneNumber', sql`t.phone_number`, userValue('phoneNumber')],
  ['firstName', sql`t.first_name`, userValue('firstName')],
  ['lastName', sql`t.last_name`, userValue('lastName')],
]);

/** Planner users by e-mail; staff accounts are the users screen's to change, one by one. */
const users: UpdateSql = {
  target: sql`users t`,
  matches: sql`t.email = r.key`,
  forbidden: sql`EXISTS (SELECT 1 FROM users s WHERE s.email = r.key AND s.role <> 'user')`,
  changes: userChanges,
  apply: (now) => sql`
    old AS (
      SELECT t.id, jsonb_build_object('phoneNumber', t.phone_number, 'firstName', t.first_name,
        'lastName', t.last_name, 'updatedAt', t.updated_at) AS before
      FROM users t JOIN upd ON t.id = upd.existing_id WHERE t.role = 'user' ORDER BY t.id FOR UPDATE OF t),
    changed AS (
      UPDATE users t SET
        phone_number = coalesce(r.data->>'phoneNumber', t.phone_number),
        first_name = coalesce(r.data->>'firstName', t.first_name),
        last_name = coalesce(r.data->>'lastName', t.last_name),
        updated_at = ${now}, version = t.version + 1
      FROM upd r, old
      WHERE t.id = r.existing_id AND old.id = t.id AND ${userChanges} <> '[]'::jsonb
      RETURNING t.id)`,
  restore: (importId) => sql`
    UPDATE users t SET
      phone_number = r.before->>'phoneNumber', first_name = r.before->>'firstName', last_name = r.before->>'lastName',
      updated_at = (r.before->>'updatedAt')::timestamptz, version = t.version + 1
    FROM import_rows r
    WHERE r.import_id = ${importId} AND r.before IS NOT NULL AND t.id = r.record_id AND t.updated_at = r.written_at
    RETURNING 1`,
};

/** A category as people read it: its title. */
const categoryTitle = (id: SQL) => sql`(SELECT g.title FROM tg_categories g WHERE g.id = ${id})`;
const newCategory = sql`(r.data->>'categoryId')::int`;
const newPublished = sql`(r.data->>'published')::boolean`;
const channelChanges = changeList([
  ['title', sql`t.title`, sql`(r.data->>'title')`],
  ['description', sql`t.description`, sql`(r.data->>'description')`],
  [
    'category',
    categoryTitle(sql`t.category_id`),
    categoryTitle(newCategory),
    sql`${newCategory} IS NOT NULL AND ${newCategory} <> t.category_id`,
  ],
  ['published', sql`t.published`, newPublished],
]);

/** Channels by name, whatever its case; one moved to another category goes last there, as the form puts it. */
const channels: UpdateSql = {
  target: sql`tg_channels t`,
  matches: sql`lower(t.username) = r.key`,
  changes: channelChanges,
  apply: (now) => sql`
    old AS (
      SELECT t.id, jsonb_build_object('title', t.title, 'description', t.description, 'categoryId', t.category_id,
        'published', t.published, 'sortOrder', t.sort_order, 'updatedAt', t.updated_at) AS before
      FROM tg_channels t JOIN upd ON t.id = upd.existing_id ORDER BY t.id FOR UPDATE OF t),
    moved AS (
      SELECT upd.row, coalesce((SELECT max(c.sort_order) + 1 FROM tg_channels c
          WHERE c.category_id = (upd.data->>'categoryId')::int), 0)
        + row_number() OVER (PARTITION BY upd.data->>'categoryId' ORDER BY upd.row) - 1 AS place
      FROM upd JOIN tg_channels t ON t.id = upd.existing_id
      WHERE (upd.data->>'categoryId')::int <> t.category_id),
    changed AS (
      UPDATE tg_channels t SET
        title = coalesce(r.data->>'title', t.title),
        description = coalesce(r.data->>'description', t.description),
        category_id = coalesce(${newCategory}, t.category_id),
        published = coalesce(${newPublished}, t.published),
        sort_order = coalesce((SELECT moved.place FROM moved WHERE moved.row = r.row), t.sort_order),
        updated_at = ${now}, version = t.version + 1
      FROM upd r, old
      WHERE t.id = r.existing_id AND old.id = t.id AND ${channelChanges} <> '[]'::jsonb
      RETURNING t.id)`,
  restore: (importId) => sql`
    UPDATE tg_channels t SET
      title = r.before->>'title', description = r.before->>'description',
      category_id = (r.before->>'categoryId')::int, published = (r.before->>'published')::boolean,
      sort_order = (r.before->>'sortOrder')::int,
      updated_at = (r.before->>'updatedAt')::timestamptz, version = t.version + 1
    FROM import_rows r
    WHERE r.import_id = ${importId} AND r.before IS NOT NULL AND t.id = r.record_id AND t.updated_at = r.written_at
    RETURNING 1`,
};

/** The kinds a file may update; promo codes only ever come in new. */
export const updateSql: Partial<Record<ImportKind, UpdateSql>> = { users, 'tg-channels': channels };
