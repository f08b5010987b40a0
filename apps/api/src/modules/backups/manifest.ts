import { z } from 'zod';

/** What this code writes and reads; a later format bumps it, and restore refuses what it does not know. */
export const ARCHIVE_FORMAT = 'pult-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

/** Written last: an archive without it was cut short, and restore refuses it. */
export const MANIFEST_NAME = 'manifest.json';
/** The PostgreSQL database: `pg_dump --format=custom`. */
export const POSTGRES_DUMP_NAME = 'database/postgres.dump';
/** The PGlite data folder, file by file, with the WAL its copy needs (modules/backups/pglite-copy.ts). */
export const PGLITE_PREFIX = 'database/pglite/';
/** Stored files by their storage key. */
export const FILES_PREFIX = 'files/';

export const archiveMember = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchiveMember = z.infer<typeof archiveMember>;

/** The newest migration applied to the database when it was copied: `0031_backup_runs`, and drizzle's time stamp of it. */
export const schemaVersion = z.object({ migration: z.string(), createdAt: z.number().int() });
export type SchemaVersion = z.infer<typeof schemaVersion>;

export const manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  schema: schemaVersion,
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The server's version (`server_version`), for the operator restoring it. */
    serverVersion: z.string(),
    /** `pg_dump --version` on PostgreSQL. */
    dumpTool: z.string().optional(),
  }),
  storage: z.object({
    driver: z.enum(['local', 's3']),
    files: z.number().int().nonnegative(),
    /** Keys listed while the backup ran that were gone when their turn came (deleted meanwhile). */
    vanished: z.array(z.string()),
  }),
  /** Folders to create on restore (the PGlite folder's empty ones). */
  directories: z.array(z.string()),
  /** Every other member of the archive, each with its size and SHA-256. */
  members: z.array(archiveMember),
});
export type Manifest = z.infer<typeof manifest>;
