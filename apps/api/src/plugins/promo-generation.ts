import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type GenerationWorker, startGenerationWorker } from '../modules/promo-codes';

declare module 'fastify' {
  interface FastifyInstance {
    promoGeneration: GenerationWorker;
  }
}

/** Runs the promo-code generator beside the API; it stops (between batches) before the database closes. */
export const promoGenerationPlugin = fp(
  async (app: FastifyInstance) => {
    let worker: GenerationWorker | undefined;
    const lazy: GenerationWorker = {
      wake: () => worker?.wake(),
      stop: async () => worker?.stop(),
      idle: async () => worker?.idle(),
    };
    app.decorate('promoGeneration', lazy);
    app.addHook('onReady', async () => {
      worker = startGenerationWorker(app.db, app.clock, app.log);
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
    });
  },
  { name: 'promo-generation', dependencies: ['db'] },
);
