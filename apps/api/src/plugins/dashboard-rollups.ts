import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PeriodicJob, startPeriodicJob } from '../lib/periodic-job';
import { refreshCohorts, refreshRollups } from '../modules/dashboard';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardRollups: Pick<PeriodicJob, 'runOnce'>;
  }
}

/** Numbers unique among Pult's advisory locks (migrations 7_146_031, cleanup 7_146_032). */
const ROLLUP_LOCK = 7_146_033;
const COHORTS_LOCK = 7_146_034;

/**
 * Keeps the dashboard's daily rollups within a minute of the writes: every 30 s one process
 * recomputes the past days that writes marked (docs/decisions/0016). The cohort grid is a job of its
 * own, in its own transaction: its rebuild reads every paid subscription (minutes at 10 M users), and
 * inside the rollups' transaction it held back their stamp, so the dashboard's live part grew with
 * every minute of it (issue 37: dashboard-data-30 answered nothing beside a 10-minute rebuild).
 * `runOnce` runs both, the rollups first (tests and the CLI expect a run to leave everything fresh).
 */
export const dashboardRollupsPlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    let jobs: PeriodicJob[] = [];
    app.decorate('dashboardRollups', {
      // Each job runs even when the one before it failed (they commit apart); the first failure is rethrown.
      runOnce: async () => {
        let ran = false;
        let failure: { error: unknown } | undefined;
        for (const job of jobs) {
          try {
            ran = (await job.runOnce()) || ran;
          } catch (error) {
            failure ??= { error };
          }
        }
        if (failure) throw failure.error;
        return ran;
      },
    });
    app.addHook('onReady', async () => {
      const common = { everyMs: opts.everyMs ?? 30_000, db: app.db, log: app.log };
      jobs = [
        startPeriodicJob({
          ...common,
          name: 'dashboard-rollups',
          lockKey: ROLLUP_LOCK,
          run: (tx) => refreshRollups(tx, app.clock.now()),
        }),
        startPeriodicJob({
          ...common,
          name: 'dashboard-cohorts',
          lockKey: COHORTS_LOCK,
          run: async (tx) => ({ cohorts: await refreshCohorts(tx, app.clock.now()) }),
        }),
      ];
    });
    app.addHook('preClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
  },
  { name: 'dashboard-rollups', dependencies: ['db'] },
);
