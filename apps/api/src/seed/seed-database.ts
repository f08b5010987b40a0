import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { rebuildRollups } from '../modules/dashboard';
import { pgliteTarget } from './load-pglite';
import { postgresTarget } from './load-postgres';
import { runSeed, type SeedOptions, type SeedReport } from './run-seed';
import { seedParallel } from './seed-parallel';
import { quoteIdent } from './seed-target';

/**
 * Seeds either engine. On PostgreSQL the whole run is one transaction on one connection, so a
 * failed or interrupted run leaves the database as it was, unless `parallel` asks for the faster
 * load on several connections that gives that up (seed-parallel.ts); PGlite commits batch by batch.
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedReport> {
  if (!database.pool) {
    // The rollups are rebuilt once at the end, so the day-marking triggers are skipped meanwhile.
    await database.db.execute(sql`SELECT set_config('pult.rollups_rebuilt_after', 'on', false)`);
    try {
      const report = await runSeed(pgliteTarget(database.db), options);
      await stageRollups(report, () => database.db.transaction((tx) => rebuildRollups(tx, options.now)));
      return report;
    } finally {
      await database.db.execute(sql`SELECT set_config('pult.rollups_rebuilt_after', '', false)`);
    }
  }
  if (options.parallel && options.parallel > 1) return seedParallel(database.pool, options, options.parallel);
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('pult.rollups_rebuilt_after', 'on', true)`);
    // This transaction's own memory for sorts and hashes (nothing global changes): the rollups group
    // millions of subscriptions and the index builds sort tens of millions of rows; the defaults
    // (4 MB and 64 MB) spill them to disk. Freed at the commit.
    await client.query("SET LOCAL work_mem = '256MB'");
    await client.query("SET LOCAL maintenance_work_mem = '1GB'");
    const report = await runSeed(postgresTarget(client), options);
    const db = drizzle(client, { schema }) as unknown as Db;
    await stageRollups(report, () => rebuildRollups(db, options.now));
    await client.query('COMMIT');
    // Outside the transaction (VACUUM cannot run in one): sets the visibility map, so list pages are
    // index-only scans from the first request instead of after autovacuum (docs/decisions/0005).
    const started = performance.now();
    for (const table of new Set(report.tables)) await client.query(`VACUUM ANALYZE ${quoteIdent(table)}`);
    report.stages['vacuum analyze'] = Math.round(performance.now() - started) / 1000;
    report.seconds += report.stages['vacuum analyze'];
    return report;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The dashboard's daily rollups for everything in the database, as one more stage of the report. */
async function stageRollups(report: SeedReport, rebuild: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await rebuild();
  report.stages['dashboard rollups'] = Math.round(performance.now() - started) / 1000;
  report.seconds += report.stages['dashboard rollups'];
  report.tables.push('dashboard_daily');
}
