import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobRegistration, type JobWorker, startJobWorker } from '../modules/jobs';
import { PROMO_GENERATION_JOB, promoGenerationHandler } from '../modules/promo-codes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job worker (promo generation, push dispatch): wake it after enqueuing. */
    jobs: JobWorker;
  }
}

export interface JobsPluginOptions {
  /** Extra kinds and their handlers (features registered after this plugin add theirs here). */
  handlers?: (app: FastifyInstance) => JobRegistration[];
  pollMs?: number;
}

/** Runs the job worker beside the API; it stops (between batches) before the database closes. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    let worker: JobWorker | undefined;
    const lazy: JobWorker = {
      wake: () => worker?.wake(),
      stop: async () => worker?.stop(),
      idle: async () => worker?.idle(),
    };
    app.decorate('jobs', lazy);
    app.addHook('onReady', async () => {
      worker = startJobWorker({
        db: app.db,
        clock: app.clock,
        log: app.log,
        pollMs: options.pollMs,
        handlers: [
          { kind: PROMO_GENERATION_JOB, handler: promoGenerationHandler(app.db, app.log) },
          ...(options.handlers?.(app) ?? []),
        ],
      });
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
