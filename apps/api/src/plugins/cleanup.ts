import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CLEANUP_BATCH, deleteExpiredRows } from '../db/expired-rows';
import { type PeriodicJob, startPeriodicJob } from '../lib/periodic-job';

declare module 'fastify' {
  interface FastifyInstance {
    cleanup: Pick<PeriodicJob, 'runOnce'>;
  }
}

/** Any number unique among Pult's advisory locks (migrations use 7_146_031). */
const CLEANUP_LOCK = 7_146_032;

/**
 * Deletes expired sessions and tokens, spent password resets and stale rate-limit counters every
 * few minutes, a bounded batch per table, so those tables stop growing with every sign-in.
 * Every process starts it; the job's lock makes one of them do the work per tick.
 */
export const cleanupPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number; batch?: number }) => {
    let job: PeriodicJob | undefined;
    const runOnce = async () => (job ? job.runOnce() : false);
    app.decorate('cleanup', { runOnce });
    app.addHook('onReady', async () => {
      job = startPeriodicJob({
        name: 'cleanup',
        lockKey: CLEANUP_LOCK,
        everyMs: opts.everyMs ?? 5 * 60_000,
        db: app.db,
        log: app.log,
        run: (tx) => deleteExpiredRows(tx, app.clock.now(), opts.batch ?? CLEANUP_BATCH),
      });
    });
    // Before the db plugin closes the database (onClose), after in-flight requests.
    app.addHook('preClose', async () => {
      await job?.stop();
    });
  },
  { name: 'cleanup', dependencies: ['db'] },
);
