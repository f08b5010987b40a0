import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../src/storage/s3-storage';
import { startLocalS3 } from '../helpers/local-s3';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';
import { command, type Installation, newInstallation, openInstallation } from './installation';

// s3rver speaks the S3 protocol locally and checks SigV4 signatures, so the real client code runs.
let localS3: Awaited<ReturnType<typeof startLocalS3>>;
let endpoint = '';
let source: Installation;
let target: Installation;
let t: TestApp;

const s3Env = (bucket: string) => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});
const bucket = (name: string) =>
  s3Storage({ endpoint, bucket: name, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

beforeAll(async () => {
  localS3 = await startLocalS3(['source', 'target']);
  endpoint = localS3.endpoint;
  source = await newInstallation(true);
  source.env = { ...source.env, ...s3Env('source') };
  target = await newInstallation(false);
  target.env = { ...target.env, ...s3Env('target') };
  t = await buildTestApp({ database: await openInstallation(source), extraEnv: source.env });
});
afterAll(async () => {
  await t?.close();
  await source?.remove();
  await target?.remove();
  await localS3?.close();
});

describe(`backup with STORAGE_DRIVER=s3 (${testDbKind})`, () => {
  it("lists the bucket by key, copies every object, and restores them into another installation's bucket", async () => {
    const objects = new Map<string, Buffer>();
    // More than one ListObjectsV2 page would need 1,000 keys; a few across folders show the listing.
    for (const [index, folder] of ['avatars', 'avatars', 'plan-icons', 'notes'].entries()) {
      const key = `${folder}/s3-backup-${index}.png`;
      const body = Buffer.from(`object ${index} in ${folder}`);
      await t.app.storage.put(key, body, 'image/png');
      objects.set(key, body);
    }
    const archive = join(source.dataDir, 's3.tar.gz');
    const backup = await command('backup', source, '--out', archive);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`files: ${objects.size} (s3)`);

    const restore = await command('restore', target, '--from', archive);
    expect(restore.code, restore.stderr).toBe(0);
    const restored = bucket('target');
    const keys: string[] = [];
    for await (const key of restored.list()) keys.push(key);
    expect(keys.sort()).toEqual([...objects.keys()].sort());
    for (const [key, body] of objects) expect((await restored.get(key))?.equals(body), key).toBe(true);

    // The target bucket now holds files: a second restore needs --force.
    const again = await command('restore', target, '--from', archive);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the bucket holds files');
  });
});
