import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JOBS_CHANNEL, type JobRegistration, type JobWorker, registerJobGauges, startJobWorker } from '../modules/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job worker: tests and the bench wait on `idle()`; services never touch it. */
    jobs: JobWorker;
  }
}

export interface JobsPluginOptions {
  /** Every module's job kinds with their handlers (app.ts collects them from the module list). */
  handlers: (app: FastifyInstance) => JobRegistration[];
  pollMs?: number;
}

/**
 * Runs the job worker beside the API; it stops (between batches) before the database closes. It wakes
 * on the jobs channel, which `enqueueJob` notifies inside the enqueuing transaction: at its commit, in
 * every process, with no route having to remember. The poll still finds work whose notification was lost.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    let worker: JobWorker | undefined;
    let unlisten: (() => Promise<void>) | undefined;
    const lazy: JobWorker = {
      wake: () => worker?.wake(),
      stop: async () => worker?.stop(),
      idle: async () => worker?.idle(),
    };
    app.decorate('jobs', lazy);
    let kinds: string[] = [];
    registerJobGauges(app.metrics, app.db, () => kinds);
    app.addHook('onReady', async () => {
      const handlers = options.handlers(app);
      kinds = handlers.map((registration) => registration.kind.name);
      worker = startJobWorker({
        db: app.db,
        clock: app.clock,
        log: app.log,
        pollMs: options.pollMs,
        handlers,
        metrics: app.metrics,
      });
      unlisten = await app.database.listen(JOBS_CHANNEL, () => worker?.wake());
    });
    app.addHook('preClose', async () => {
      await unlisten?.();
      await worker?.stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
