import pg from 'pg';
import { apiSource, type Loose } from './capture-sql';
import { type LatencySummary, summarize } from './percentiles';

/** Transactions left out of the figures at the start (cold caches, the JIT). */
const WARMUP = 100;

const mean = (values: readonly number[]) =>
  Math.round((values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)) * 1000) / 1000;
const stats = (values: readonly number[]): LatencySummary & { mean: number } => ({
  ...summarize(values),
  mean: mean(values),
});

export interface RevisionCost {
  transactions: { withRevision: number; withoutRevision: number };
  /** BEGIN … COMMIT of the whole write, with and without the revision's statements. */
  transactionMs: {
    withRevision: LatencySummary & { mean: number };
    withoutRevision: LatencySummary & { mean: number };
  };
  /** The user's UPDATE … WHERE id AND version RETURNING, alone. */
  updateStatementMs: LatencySummary & { mean: number };
  /** The revision's INSERT (with its superseded UPDATE and pg_notify in one statement), alone. */
  revisionInsertMs: LatencySummary & { mean: number };
  /** The revision's three statements: the kept fields, the previous state, the insert. */
  revisionStatementsMs: LatencySummary & { mean: number };
  /** (p50 with − p50 without) / p50 without. */
  revisionShareOfTransaction: number;
  /** Revision statements' p50 / the UPDATE's p50; and the insert alone. */
  revisionShareOfUpdate: number;
  revisionInsertShareOfUpdate: number;
}

/**
 * The user update's SQL, timed statement by statement through the API's own functions on one
 * connection: lock the row, UPDATE it with its version, write the audit row, then (every other
 * transaction) what `revisionsService.recordAudited` runs: the kept fields, the last revision's state,
 * and the revision's INSERT. Every planner user in [firstId, firstId + count) is renamed once, committed.
 */
export async function measureRevisionCost(
  databaseUrl: string,
  actorEmail: string,
  firstId: number,
  count: number,
): Promise<RevisionCost> {
  const [{ drizzle }, schema, usersRepo, history, revisions, changes, rows] = (await Promise.all([
    import('drizzle-orm/node-postgres'),
    import(apiSource('db/schema.ts')),
    import(apiSource('modules/users/users-repository.ts')),
    import(apiSource('modules/users/user-history.ts')),
    import(apiSource('modules/revisions/revisions-repository.ts')),
    import(apiSource('modules/revisions/record-changes.ts')),
    import(apiSource('modules/users/user-row.ts')),
  ])) as Loose[];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db: Loose = drizzle(pool, { schema });
  try {
    const ids = (
      await pool.query<{ id: number }>(
        "SELECT id FROM users WHERE id >= $1 AND id < $2 AND role = 'user' AND status = 'active' ORDER BY id",
        [firstId, firstId + count],
      )
    ).rows.map((row) => row.id);
    const actor = (await pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [actorEmail])).rows[0];
    const repo = usersRepo.usersRepository;
    const revisionRepo = revisions.revisionsRepository;
    const stamp = Date.now().toString(36);
    const timed = async <T>(into: number[] | null, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      into?.push(performance.now() - started);
      return result;
    };
    const withTx: number[] = [];
    const withoutTx: number[] = [];
    const update: number[] = [];
    const insert: number[] = [];
    const revision: number[] = [];
    for (const [index, id] of ids.entries()) {
      const counted = index >= WARMUP;
      const withRevision = index % 2 === 0;
      await timed(counted ? (withRevision ? withTx : withoutTx) : null, () =>
        db.transaction(async (tx: Loose) => {
          const before = await repo.lock(tx, id);
          const at = new Date();
          const after = await timed(counted ? update : null, () =>
            repo.update(tx, id, { firstName: `SQL ${stamp} ${index}`, updatedAt: at }, before.version),
          );
          await tx.insert(schema.auditEvents).values({
            actorId: actor?.id ?? null,
            action: 'update',
            entity: 'user',
            entityId: String(id),
            before: rows.toUser(before),
            after: rows.toUser(after),
            ip: '127.0.0.1',
            requestId: `bench-${stamp}-${index}`,
            at,
          });
          if (!withRevision) return;
          const revisionStarted = performance.now();
          const now = await history.userHistory.read(tx, id);
          const state = changes.asJson(now.state);
          const previous = await revisionRepo.latestState(tx, 'user', id);
          // As recordAudited: the last revision's state, else what the audit event kept of the record before.
          const kept = previous ?? changes.asJson(rows.toUser(before));
          await timed(counted ? insert : null, () =>
            revisionRepo.insert(tx, {
              resource: 'user',
              recordId: id,
              version: now.version,
              action: 'update',
              actorId: actor?.id ?? null,
              at,
              changes: changes.recordChanges(kept, state),
              state,
            }),
          );
          if (counted) revision.push(performance.now() - revisionStarted);
        }),
      );
    }
    const withStats = stats(withTx);
    const withoutStats = stats(withoutTx);
    const updateStats = stats(update);
    const insertStats = stats(insert);
    const revisionStats = stats(revision);
    const ratio = (a: number, b: number) => Math.round((a / Math.max(0.001, b)) * 1000) / 1000;
    return {
      transactions: { withRevision: withTx.length, withoutRevision: withoutTx.length },
      transactionMs: { withRevision: withStats, withoutRevision: withoutStats },
      updateStatementMs: updateStats,
      revisionInsertMs: insertStats,
      revisionStatementsMs: revisionStats,
      revisionShareOfTransaction: ratio(withStats.p50 - withoutStats.p50, withoutStats.p50),
      revisionShareOfUpdate: ratio(revisionStats.p50, updateStats.p50),
      revisionInsertShareOfUpdate: ratio(insertStats.p50, updateStats.p50),
    };
  } finally {
    await pool.end();
  }
}
