import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';

/** Which database the suite runs on: the test script sets PULT_TEST_DB=postgres for the second pass. */
export const testDbKind = process.env.PULT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Runs one statement as the admin connection of TEST_DATABASE_URL (creating and dropping databases). */
export async function asTestAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A PostgreSQL database of a test file's own for real API processes (they are given its URL, not a
 * connection): `create()` before them, migrated unless `migrated: false` (a new deployment's empty
 * database), and `drop()` after, with FORCE for the connections a killed process left behind.
 */
export function scratchPostgresDatabase(prefix: string, { migrated = true } = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `pult_t_${prefix}_${randomBytes(4).toString('hex')}`;
  // Built even where the suite is skipped (PGlite), so it must not need TEST_DATABASE_URL.
  const url = databaseUrl(adminUrl || 'postgres://127.0.0.1/unused', name);
  return {
    url,
    async create(): Promise<void> {
      await asTestAdmin(adminUrl, `CREATE DATABASE ${name}`);
      // Migrated before any process starts, so processes do not race to create the first admin.
      if (migrated) await (await openDatabase({ url })).close();
    },
    drop: () => asTestAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The global set-up's migrated image, read once per worker (workers share their module cache). */
let pgliteImage: Promise<Blob> | undefined;
const migratedImage = (): Promise<Blob> | undefined => {
  const path = inject('pgliteImagePath');
  if (!path) return undefined;
  pgliteImage ??= readFile(path).then((bytes) => new Blob([bytes]));
  return pgliteImage;
};

/**
 * A database of its own for each caller: PGlite in memory, or a freshly created PostgreSQL
 * database (dropped on close), so test files never see each other's rows. Both start as a copy of
 * the global set-up's migrated empty database (`database-template.ts`).
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') return openDatabase({ pgliteImage: await migratedImage() });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PULT_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pult_t_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await asTestAdmin(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await asTestAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
