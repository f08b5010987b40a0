import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localStorage } from '../storage/local-storage';
import { s3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Picks the driver from STORAGE_DRIVER ; tests may hand one in. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { storage?: Storage }) => {
    const { env } = app;
    let storage = opts.storage;
    if (!storage && env.STORAGE_DRIVER === 's3') {
      const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
        (k) => !env[k],
      );
      if (missing.length > 0) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
      storage = s3Storage({
        endpoint: env.S3_ENDPOINT ?? '',
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        publicUrl: env.S3_PUBLIC_URL,
      });
    }
    app.decorate('storage', storage ?? localStorage(join(env.dataDir, 'files')));
  },
  { name: 'storage' },
);
