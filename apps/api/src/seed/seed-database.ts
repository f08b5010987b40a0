import type { Database } from '../db/client';
import { pgliteTarget } from './load-pglite';
import { postgresTarget } from './load-postgres';
import { runSeed, type SeedOptions, type SeedReport } from './run-seed';
import { quoteIdent } from './seed-target';

/**
 * Seeds either engine. On PostgreSQL the whole run is one transaction on one connection, so a
 * failed or interrupted run leaves the database as it was; PGlite commits batch by batch.
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedReport> {
  if (!database.pool) return runSeed(pgliteTarget(database.db), options);
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const report = await runSeed(postgresTarget(client), options);
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
