import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PeriodicJob, startPeriodicJob } from '../lib/periodic-job';
import { refreshRollups } from '../modules/dashboard';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardRollups: Pick<PeriodicJob, 'runOnce'>;
  }
}

/** Any number unique among Pult's advisory locks (migrations 7_146_031, cleanup 7_146_032). */
const ROLLUP_LOCK = 7_146_033;

/**
 * Keeps the dashboard's daily rollups within a minute of the writes: every 30 s one process
 * recomputes the past days that writes marked (docs/decisions/0016).
 */
export const dashboardRollupsPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    let job: PeriodicJob | undefined;
    app.decorate('dashboardRollups', { runOnce: async () => (job ? job.runOnce() : false) });
    app.addHook('onReady', async () => {
      job = startPeriodicJob({
        name: 'dashboard-rollups',
        lockKey: ROLLUP_LOCK,
        everyMs: opts.everyMs ?? 30_000,
        db: app.db,
        log: app.log,
        run: (tx) => refreshRollups(tx, app.clock.now()),
      });
    });
    app.addHook('preClose', async () => {
      await job?.stop();
    });
  },
  { name: 'dashboard-rollups', dependencies: ['db'] },
);
