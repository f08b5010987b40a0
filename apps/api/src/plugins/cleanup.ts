import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CLEANUP_BATCH, deleteExpiredRows } from '../db/expired-rows';
import { deleteRetainedRows } from '../db/retained-rows';
import { type PeriodicJob, startPeriodicJob } from '../lib/periodic-job';
import { currentSettings } from '../modules/settings';

declare module 'fastify' {
  interface FastifyInstance {
    cleanup: Pick<PeriodicJob, 'runOnce'>;
  }
}

/** Any number unique among Pult's advisory locks (migrations use 7_146_031). */
const CLEANUP_LOCK = 7_146_032;

/** Full batches in a row one tick may run (each its own transaction): 100,000 rows a table every five minutes. */
const CLEANUP_ROUNDS = 20;

/**
 * Deletes expired sessions and tokens, spent password resets and stale rate-limit counters every
 * few minutes, and the rows the retention settings no longer keep (old push deliveries, sign-in
 * records, and audit events when an admin set a period), a bounded batch per table per round, so
 * those tables stop growing. A round that filled a batch is followed by another at once, each in its
 * own short transaction. Every process starts it; the job's lock makes one of them do the work per round.
 */
export const cleanupPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number; batch?: number; rounds?: number }) => {
    let job: PeriodicJob | undefined;
    const runOnce = async () => (job ? job.runOnce() : false);
    app.decorate('cleanup', { runOnce });
    app.addHook('onReady', async () => {
      const batch = opts.batch ?? CLEANUP_BATCH;
      job = startPeriodicJob({
        name: 'cleanup',
        lockKey: CLEANUP_LOCK,
        everyMs: opts.everyMs ?? 5 * 60_000,
        db: app.db,
        log: app.log,
        rounds: opts.rounds ?? CLEANUP_ROUNDS,
        more: (figures) => Object.values(figures).some((count) => count >= batch),
        run: async (tx) => {
          const now = app.clock.now();
          const { retention } = await currentSettings({ db: tx, clock: app.clock });
          return {
            ...(await deleteExpiredRows(tx, now, batch)),
            ...(await deleteRetainedRows(tx, now, retention, batch)),
          };
        },
      });
    });
    // Before the db plugin closes the database (onClose), after in-flight requests.
    app.addHook('preClose', async () => {
      await job?.stop();
    });
  },
  { name: 'cleanup', dependencies: ['db'] },
);
