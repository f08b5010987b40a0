import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { maintainEmbedded } from '../db/embedded-maintenance';
import { type PeriodicJob, startPeriodicJob } from '../lib/periodic-job';

declare module 'fastify' {
  interface FastifyInstance {
    embeddedMaintenance: Pick<PeriodicJob, 'runOnce'>;
  }
}

/**
 * Autovacuum's work for the embedded PGlite (`db/embedded-maintenance.ts`), every few minutes. Only
 * registered on PGlite: a PostgreSQL server has its own autovacuum. One process owns a PGlite folder
 * (its lock file), so the job takes no advisory lock and runs outside a transaction, as VACUUM must.
 */
export const embeddedMaintenancePlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    let job: PeriodicJob | undefined;
    app.decorate('embeddedMaintenance', { runOnce: async () => (job ? job.runOnce() : false) });
    app.addHook('onReady', async () => {
      job = startPeriodicJob({
        name: 'embedded-maintenance',
        everyMs: opts.everyMs ?? 5 * 60_000,
        db: app.db,
        log: app.log,
        run: maintainEmbedded,
      });
    });
    // Before the db plugin closes the database (onClose), after in-flight requests.
    app.addHook('preClose', async () => {
      await job?.stop();
    });
  },
  { name: 'embedded-maintenance', dependencies: ['db'] },
);
