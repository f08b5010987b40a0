import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Storage } from '../storage/storage';
import { storageFromEnv } from '../storage/storage-from-env';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Picks the driver from STORAGE_DRIVER ; tests may hand one in. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { storage?: Storage }) => {
    app.decorate('storage', opts.storage ?? storageFromEnv(app.env));
  },
  { name: 'storage' },
);
