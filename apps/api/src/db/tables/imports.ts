import { importExistingModes, importKinds, importStatuses, type UndoRefusal } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { promoSeries } from './promo-codes';
import { users } from './users';

/**
 * One uploaded file to import (docs/decisions/0037): its options, what was read from it, its counts.
 * Written by hand in migrations 0034 and 0040, which this mirrors.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: importKinds }).notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('queued'),
    dryRun: boolean('dry_run').notNull(),
    onInvalid: text('on_invalid', { enum: ['skip', 'abort'] })
      .notNull()
      .default('abort'),
    seriesId: integer('series_id').references(() => promoSeries.id),
    /** A row whose key a record already has: refused as taken, or that record updated (migration 0040). */
    onExisting: text('on_existing', { enum: importExistingModes }).notNull().default('refuse'),
    /** The upload in the storage while the job reads it; removed when the job ends (it holds personal data). */
    fileKey: text('file_key'),
    fileName: text('file_name').notNull().default(''),
    format: text('format'),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    sheet: text('sheet'),
    /** The mapping as the person sent it (field → header or index); `mapping` is what was used. */
    mappingSent: jsonb('mapping_sent').$type<Record<string, string | number>>(),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    mapping: jsonb('mapping').$type<Record<string, number>>().notNull().default({}),
    /** staging: the file is read into import_rows and checked; inserting: the valid rows become records. */
    phase: text('phase', { enum: ['staging', 'inserting'] })
      .notNull()
      .default('staging'),
    total: integer('total').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    /** Valid rows matching a record they would change, and matching one they would leave as it is. */
    toUpdate: integer('to_update').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** Of `imported`, the records updated rather than created. */
    updated: integer('updated').notNull().default(0),
    /** The last row number the inserting phase has handled: each batch starts after it, never rescans. */
    insertedThrough: integer('inserted_through').notNull().default(0),
    failure: text('failure'),
    undoRefusals: jsonb('undo_refusals').$type<UndoRefusal[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: time('created_at').notNull().defaultNow(),
    finishedAt: time('finished_at'),
    undoneAt: time('undone_at'),
  },
  (t) => [
    index('imports_created_by_idx').on(t.createdBy),
    index('imports_series_idx').on(t.seriesId).where(sql`${t.seriesId} IS NOT NULL`),
    check('imports_kind_check', oneOf(t.kind, importKinds)),
    check('imports_status_check', oneOf(t.status, importStatuses)),
    check('imports_on_invalid_check', oneOf(t.onInvalid, ['skip', 'abort'])),
    check('imports_phase_check', oneOf(t.phase, ['staging', 'inserting'])),
    check('imports_series_check', sql`(${t.kind} = 'promo-codes') = (${t.seriesId} IS NOT NULL)`),
    check(
      'imports_counts_check',
      sql`${t.total} >= 0 AND ${t.valid} >= 0 AND ${t.invalid} >= 0 AND ${t.imported} BETWEEN 0 AND ${t.valid}`,
    ),
    check('imports_failed_check', sql`${t.status} <> 'failed' OR ${t.failure} IS NOT NULL`),
    check('imports_on_existing_check', oneOf(t.onExisting, importExistingModes)),
    check('imports_on_existing_kind_check', sql`${t.onExisting} = 'refuse' OR ${t.kind} <> 'promo-codes'`),
    check(
      'imports_updates_check',
      sql`${t.toUpdate} >= 0 AND ${t.unchanged} >= 0 AND ${t.updated} BETWEEN 0 AND ${t.imported}`,
    ),
  ],
);

/**
 * Each row of an import's file: its cells as read, its values as the contract's schema parsed them,
 * its unique key (lower-cased e-mail, code, lower-cased channel name), what is wrong with it, and,
 * once imported, the record it created (what an undo removes).
 *
 * Migration 0040 leaves half of each page free (`fillfactor = 50`, which drizzle does not declare) and
 * no column but the primary key's is indexed: giving a row its record's id is a HOT update, and staging
 * maintains one index, not two (the checks by key run over all of an import's rows at once).
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    key: text('key'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    errors: jsonb('errors').$type<Array<{ field: string; code: string }>>(),
    recordId: bigint('record_id', { mode: 'number' }),
    /** Update mode: the record the row's key matched, and its fields the row would change (field → from, to). */
    existingId: bigint('existing_id', { mode: 'number' }),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    /** An updated record's fields as they were, and the `updated_at` the import wrote: what an undo puts back, and when it may. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    writtenAt: time('written_at'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row], name: 'import_rows_pkey' }),
    check('import_rows_errors_check', sql`${t.errors} IS NULL OR jsonb_typeof(${t.errors}) = 'array'`),
    check('import_rows_valid_check', sql`${t.errors} IS NOT NULL OR (${t.key} IS NOT NULL AND ${t.data} IS NOT NULL)`),
    check('import_rows_record_check', sql`${t.recordId} IS NULL OR ${t.errors} IS NULL`),
    check(
      'import_rows_before_check',
      sql`${t.before} IS NULL OR (${t.recordId} IS NOT NULL AND ${t.writtenAt} IS NOT NULL)`,
    ),
  ],
);
