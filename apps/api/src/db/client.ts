import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { prepareEmbeddedFolder, type ReleaseFolder } from './embedded-folder';
import { type Listen, pgliteListen, postgresListener } from './notifications';
import * as schema from './schema';
import { tagStatements } from './statement-tag';
import { validatePendingConstraints } from './validate-constraints';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's folder (PGlite on disk): backups copy it. Undefined in memory and on PostgreSQL. */
  dir?: string;
  /** The underlying pg pool when on PostgreSQL (for COPY in the seeder), else undefined. */
  pool?: pg.Pool;
  /** Subscribes to a notification channel; what is sent inside a transaction arrives after its commit. */
  listen: Listen;
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * How every embedded PGlite starts. PGlite allocates PostgreSQL's shared buffers with a zeroing
 * `calloc` in WebAssembly: at PostgreSQL's default of 128 MB that memset alone was half a second of
 * a first start (docs/decisions/0023). 32 MB still holds the working set of an embedded install
 * (100 000 users' lists read a few dozen pages), and a miss is a read from the OS's page cache.
 */
const pgliteStart = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
};

/** Two apps on one database (tests, a CLI beside the server) may each close it: the first close counts. */
const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
};

/** Any value: a number for migrations' advisory lock, so two processes never migrate at once. */
const MIGRATION_LOCK = 7_146_031;

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (`memory://` or a folder),
 * and brings the schema up to date with the same migrations on both.
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir?: string;
  /** The empty migrated data folder a new PGlite folder starts from; tests point it elsewhere. */
  pgliteSnapshot?: string;
  /** `pgliteDir`'s preparation when the caller started it early (server.ts, to overlap its copy with loading). */
  pgliteFolder?: Promise<ReleaseFolder>;
  /** A data directory image (`dumpPgliteImage`) an in-memory PGlite starts from instead of initdb. */
  pgliteImage?: Blob;
}): Promise<Database> {
  if (options.url) {
    // JIT off for every statement of the API: its statements are short, and at 10 M users the planner's
    // estimates crossed the JIT thresholds, so the rollup job's 30-second recount of today compiled 174
    // functions for 2.2 s of a 3.5 s statement (1.6-2.6 s without; issue 37, docs/decisions/0056).
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (a restart, an admin's terminate) must not take the process
    // down as an unhandled 'error': the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    // A statement run for a request names it in a comment (pg_stat_activity → X-Request-Id).
    tagStatements(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      // Outside the migrations' transaction, so the scans take no lock that stops reads or writes.
      await validatePendingConstraints(async (text) => (await client.query(text)).rows);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const listener = postgresListener(options.url);
    return {
      db,
      kind: 'postgres',
      pool,
      listen: listener.listen,
      close: once(() => listener.close().finally(() => pool.end())),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  const release: ReleaseFolder = dir.startsWith('memory://')
    ? () => {}
    : await (options.pgliteFolder ?? prepareEmbeddedFolder(dir, options.pgliteSnapshot));
  const client = await PGlite.create(dir, { ...pgliteStart, loadDataDir: options.pgliteImage }).catch(
    (error: unknown) => {
      release();
      throw error;
    },
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  await validatePendingConstraints(async <T>(text: string) => (await client.query<T>(text)).rows);
  return {
    db,
    kind: 'pglite',
    dir: dir.startsWith('memory://') ? undefined : dir,
    listen: pgliteListen(client),
    close: once(() => client.close().finally(release)),
  };
}

/**
 * An image of an empty, migrated in-memory PGlite: a new database loaded from it skips initdb and
 * the migrations (about 2 of the 2.8 CPU seconds a fresh one costs), which the test suite, opening
 * a database per test file, spends a hundred times over.
 */
export async function dumpPgliteImage(): Promise<Blob> {
  const client = await PGlite.create('memory://', pgliteStart);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`, but the shared Drizzle type
 * cannot know that, so the one cast lives here.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
