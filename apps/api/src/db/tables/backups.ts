import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';

export const backupRunStatuses = ['done', 'failed'] as const;
/** `schedule`: the server's BACKUP_CRON; `command`: `npm run backup`. */
export const backupRunTriggers = ['schedule', 'command'] as const;

/**
 * Every backup the installation made (modules/backups): when, how big, and why one failed, for the
 * settings screen and the `pult_backup_last_*` metrics. The archives themselves live outside the
 * database (BACKUP_DIR, or wherever `npm run backup --out` wrote them); the oldest rows are pruned.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: time('started_at').notNull(),
    finishedAt: time('finished_at').notNull(),
    status: text('status', { enum: backupRunStatuses }).notNull(),
    trigger: text('trigger', { enum: backupRunTriggers }).notNull(),
    /** The archive's file name (no folder), when it is known. */
    file: text('file'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why it failed: a trimmed message, never a connection string. */
    error: text('error'),
  },
  (t) => [
    index('backup_runs_status_finished_idx').on(t.status, t.finishedAt),
    check('backup_runs_status_check', oneOf(t.status, backupRunStatuses)),
    check('backup_runs_trigger_check', oneOf(t.trigger, backupRunTriggers)),
    check(
      'backup_runs_done_size_check',
      sql`${t.status} <> 'done' OR (${t.sizeBytes} IS NOT NULL AND ${t.sizeBytes} >= 0)`,
    ),
    check('backup_runs_failed_error_check', sql`${t.status} <> 'failed' OR ${t.error} IS NOT NULL`),
    check('backup_runs_error_length_check', sql`length(${t.error}) <= 500`),
    check('backup_runs_file_length_check', sql`length(${t.file}) <= 255`),
  ],
);
