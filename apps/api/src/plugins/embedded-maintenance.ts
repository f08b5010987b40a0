import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { maintainEmbedded } from '../db/embedded-maintenance';

declare module 'fastify' {
  interface FastifyInstance {
    embeddedMaintenance: { runOnce(): Promise<{ vacuumed: number; analyzed: number }> };
  }
}

/**
 * Autovacuum's work for the embedded PGlite (`db/embedded-maintenance.ts`), every few minutes. Only
 * registered on PGlite: a PostgreSQL server has its own autovacuum. One process owns a PGlite folder
 * (the lock file), so no lock is needed between processes.
 */
export const embeddedMaintenancePlugin = fp(
  async (app: FastifyInstance, opts: { everyMs?: number }) => {
    let running: Promise<{ vacuumed: number; analyzed: number }> | undefined;
    let stopped = false;
    const runOnce = () => {
      running ??= maintainEmbedded(app.db).finally(() => {
        running = undefined;
      });
      return running;
    };
    app.decorate('embeddedMaintenance', { runOnce });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(
        () => {
          if (stopped || running) return;
          runOnce()
            .then((figures) => {
              if (figures.vacuumed + figures.analyzed > 0)
                app.log.info({ job: 'embedded-maintenance', ...figures }, 'job ran');
            })
            .catch((error: unknown) => app.log.error({ err: error, job: 'embedded-maintenance' }, 'job failed'));
        },
        opts.everyMs ?? 5 * 60_000,
      );
      timer.unref();
    });
    // Before the db plugin closes the database (onClose), after in-flight requests.
    app.addHook('preClose', async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'embedded-maintenance', dependencies: ['db'] },
);
