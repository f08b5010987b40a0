import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../db/client';

export interface PeriodicJob {
  /** One run now (tests, and the timer); resolves false when another process holds the job. */
  runOnce(): Promise<boolean>;
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  name: string;
  /**
   * Any number unique among Pult's advisory locks: one process at a time runs the job, inside the
   * transaction that holds the lock. Without one the work runs outside any transaction (VACUUM
   * cannot run in one): only for work a single process owns, such as the embedded database's.
   */
  lockKey?: number;
  everyMs: number;
  db: Db;
  log: FastifyBaseLogger;
  /** The work (inside the transaction that holds the lock, when there is one); returns figures for the log. */
  run(db: Db): Promise<Record<string, number>>;
  /**
   * Work done in bounded batches: after a run whose figures say more is waiting (`more`), the tick runs
   * again at once, each round its own short transaction, up to `rounds` runs per tick (1 by default).
   */
  rounds?: number;
  more?(figures: Record<string, number>): boolean;
}

/**
 * A small background job every API process starts. Each run takes a transaction-scoped advisory
 * lock and skips when another process holds it, so any number of processes may run the same job
 * and the work is done once per tick; the lock ends with the transaction, even if the process dies.
 * Its statements run without parallel workers, on one core.
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let running: Promise<boolean> | undefined;
  let stopped = false;

  const report = (figures: Record<string, number>) => {
    if (Object.values(figures).some((count) => count > 0))
      options.log.info({ job: options.name, ...figures }, 'job ran');
  };
  const { lockKey } = options;
  /** One run; its figures, or undefined when another process holds the job. */
  const attempt = async (): Promise<Record<string, number> | undefined> => {
    if (lockKey === undefined) {
      const figures = await options.run(options.db);
      report(figures);
      return figures;
    }
    return options.db.transaction(async (tx) => {
      // Background work takes one core: no parallel workers for the transaction (SET LOCAL). At 10 M
      // users the rollup job's recount of today, every 30 s, took 2.3 s with two workers (all of this
      // machine's cores, so the requests beside it queued) and 1.65 s without (docs/decisions/0056).
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${lockKey}) AS locked,
              set_config('max_parallel_workers_per_gather', '0', true) AS workers`,
      );
      if (!lock?.locked) return undefined;
      const figures = await options.run(tx);
      report(figures);
      return figures;
    });
  };

  /** One tick: a run, and more rounds while the last one left work behind (and the job is not stopping). */
  const tick = async (): Promise<boolean> => {
    const rounds = Math.max(1, options.rounds ?? 1);
    let ran = false;
    for (let round = 0; round < rounds && (round === 0 || !stopped); round += 1) {
      const figures = await attempt();
      if (!figures) return ran;
      ran = true;
      if (!options.more?.(figures)) break;
    }
    return ran;
  };

  const runOnce = (): Promise<boolean> => {
    running ??= tick().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (stopped || running) return;
    runOnce().catch((error: unknown) => options.log.error({ err: error, job: options.name }, 'job failed'));
  }, options.everyMs);
  // A pending tick must never keep a process (a CLI, a test) alive.
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
