import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * PostgreSQL's own autovacuum thresholds (its defaults): a table is vacuumed once its dead rows
 * exceed 50 + 20 % of its rows, analyzed once its changes since the last analyze exceed 50 + 10 %.
 */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

interface TableStats {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded PGlite, which has no background
 * workers: without it a table never gets statistics (the planner guesses, and may scan a table per
 * request; decision 0026) and rows left dead by updates are never reclaimed (every sign-in updates
 * a user). Each table past autovacuum's thresholds gets one `VACUUM (ANALYZE)` or `ANALYZE`. Run
 * outside any transaction (VACUUM cannot run in one); PGlite serves one statement at a time, so a
 * big table's turn holds other requests for its duration, as rarely as the thresholds allow.
 */
export async function maintainEmbedded(db: Db): Promise<{ vacuumed: number; analyzed: number }> {
  const tables = await queryRows<TableStats>(
    db,
    sql`SELECT format('%I.%I', s.schemaname, s.relname) AS name,
          s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0) AS vacuum,
          s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0) AS analyze
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        ORDER BY s.relname`,
  );
  let vacuumed = 0;
  let analyzed = 0;
  for (const table of tables) {
    if (table.vacuum) {
      await db.execute(sql.raw(`VACUUM (ANALYZE) ${table.name}`));
      vacuumed += 1;
      analyzed += 1;
    } else if (table.analyze) {
      await db.execute(sql.raw(`ANALYZE ${table.name}`));
      analyzed += 1;
    }
  }
  return { vacuumed, analyzed };
}
