import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readiness } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder, queryRows } from '../../db/client';
import { TimedOut, within } from '../../lib/within';

/** Well under a second, so a load balancer's probe gets its 503 within one when the database hangs. */
export const READINESS_TIMEOUT_MS = 800;

/** When the newest migration this code ships was made: drizzle records it as `created_at` once applied. */
let newestMigration: number | undefined;
const newestMigrationMillis = (): number => {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
};

type DatabaseCheck = Pick<Readiness['checks'], 'database' | 'migrations'>;

/** One query: the database answers, and says which migration it has applied last. */
async function checkDatabase(db: Db): Promise<DatabaseCheck> {
  const [row] = await queryRows<{ last: string | number | null }>(
    db,
    sql`SELECT (SELECT max(created_at) FROM drizzle.__drizzle_migrations) AS last`,
  );
  const applied = Number(row?.last ?? 0) >= newestMigrationMillis();
  return { database: 'ok', migrations: applied ? 'ok' : 'pending' };
}

export interface ReadinessProbe {
  check(): Promise<Readiness>;
}

/**
 * Readiness (GET /readyz): `unavailable` from the shutdown signal on without asking the database;
 * otherwise one query within READINESS_TIMEOUT_MS. Probes that arrive while a query is still out
 * wait on that one instead of sending another, so a database that hangs holds at most one pool
 * connection for them however often the load balancer asks.
 */
export function readinessProbe(options: { db: Db; draining: () => boolean }): ReadinessProbe {
  let inFlight: Promise<DatabaseCheck> | undefined;
  const database = (): Promise<DatabaseCheck> => {
    inFlight ??= checkDatabase(options.db)
      .catch((): DatabaseCheck => ({ database: 'down', migrations: 'unchecked' }))
      .finally(() => {
        inFlight = undefined;
      });
    return within(READINESS_TIMEOUT_MS, inFlight).catch(
      (error: unknown): DatabaseCheck => ({
        database: error instanceof TimedOut ? 'timeout' : 'down',
        migrations: 'unchecked',
      }),
    );
  };
  return {
    async check() {
      if (options.draining())
        return {
          status: 'unavailable',
          checks: { database: 'unchecked', migrations: 'unchecked', shutdown: 'draining' },
        };
      const checks = { ...(await database()), shutdown: 'ok' as const };
      const ready = checks.database === 'ok' && checks.migrations === 'ok';
      return { status: ready ? 'ok' : 'unavailable', checks };
    },
  };
}
