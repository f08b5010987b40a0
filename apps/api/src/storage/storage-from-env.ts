import { join } from 'node:path';
import type { Env } from '../env';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The driver STORAGE_DRIVER names (the server's storage plugin, and the backup and restore commands). */
export function storageFromEnv(env: Env): Storage {
  if (env.STORAGE_DRIVER !== 's3') return localStorage(join(env.dataDir, 'files'));
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (k) => !env[k],
  );
  if (missing.length > 0) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  return s3Storage({
    endpoint: env.S3_ENDPOINT ?? '',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    publicUrl: env.S3_PUBLIC_URL,
  });
}
