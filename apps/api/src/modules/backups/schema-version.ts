import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../db/client';
import { BackupError } from './backup-error';
import type { SchemaVersion } from './manifest';

/** Runs one statement and answers its rows (a Drizzle database, a pg client, PGlite alike). */
export type RowsOf = <T>(text: string) => Promise<T[]>;

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code ships (drizzle's journal), oldest first. */
export function codeMigrations(folder: string = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * The newest migration applied to a database: drizzle records each applied migration with its
 * journal time stamp (`created_at`), and applies every migration of the code newer than the newest
 * one recorded, so that time stamp is the schema's version.
 */
export async function appliedSchemaVersion(query: RowsOf): Promise<SchemaVersion> {
  const [row] = await query<{ created_at: string | number }>(
    'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  ).catch(() => []);
  if (!row) throw new BackupError('The database has no migrations applied: start Pult on it once first.');
  const createdAt = Number(row.created_at);
  const tag = codeMigrations().find((entry) => entry.when === createdAt)?.tag ?? `unknown migration of ${createdAt}`;
  return { migration: tag, createdAt };
}

/**
 * An archive of a newer schema than this code's migrations cannot be restored here: this code would
 * run on tables it does not know (and an older code's migrator would do nothing about it).
 */
export function assertRestorable(archive: SchemaVersion): void {
  const latest = codeMigrations().at(-1);
  if (latest && archive.createdAt > latest.when)
    throw new BackupError(
      `The archive's database is at migration ${archive.migration}, newer than this Pult's latest (${latest.tag}): ` +
        'restore it with the Pult version that made it, or a later one. Nothing was changed.',
    );
}
