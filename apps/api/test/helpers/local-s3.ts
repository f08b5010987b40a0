import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3 (s3rver) on a free port with these buckets, in a temp folder: it speaks the protocol and
 * checks SigV4 signatures, so the storage's real S3 client code runs. Its key pair is S3RVER/S3RVER.
 */
export async function startLocalS3(buckets: readonly string[]): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'pult-s3-')),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
