import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../src/storage/local-storage';
import { s3Storage } from '../../src/storage/s3-storage';
import type { Storage } from '../../src/storage/storage';
import { startLocalS3 } from '../helpers/local-s3';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { importBody } from '../imports/import-fixture';

// The stream methods an import's upload goes through (decision 0042, memory), on both drivers: the
// local disk, and S3 through s3rver, which speaks the protocol and checks SigV4 signatures, so the
// real client code runs.

/** 3 MB in 64 kB pieces, as a request body arrives. */
const BODY = randomBytes(3 * 1_048_576);
async function* pieces(bytes: Buffer, failAfter?: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += 64 * 1024) {
    if (failAfter !== undefined && at >= failAfter) throw new Error('limit passed');
    yield bytes.subarray(at, at + 64 * 1024);
  }
}
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
/** The S3 driver's spool folders (it makes one per putStream in the system's temp folder). */
const spools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pult-s3-put-'));

let localS3: Awaited<ReturnType<typeof startLocalS3>>;
let endpoint = '';
beforeAll(async () => {
  localS3 = await startLocalS3(['pult']);
  endpoint = localS3.endpoint;
});
afterAll(() => localS3.close());

const s3 = (): Storage =>
  s3Storage({ endpoint, bucket: 'pult', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

describe('Storage.putStream / getStream', () => {
  it('local: stores a stream and reads it back as one; a failing stream leaves no file, not even a temp file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pult-files-'));
    const storage = localStorage(root);
    await storage.putStream('imports/a-1.csv', pieces(BODY), 'text/csv');
    const stream = await storage.getStream('imports/a-1.csv');
    expect(stream).not.toBeNull();
    expect((await readAll(stream as Readable)).equals(BODY)).toBe(true);
    await expect(storage.putStream('imports/b-1.csv', pieces(BODY, 1_048_576), 'text/csv')).rejects.toThrow(
      'limit passed',
    );
    expect(readdirSync(join(root, 'imports'))).toEqual(['a-1.csv']);
    expect(await storage.getStream('imports/b-1.csv')).toBeNull();
  });

  it('S3: a stream is sent with its length and signed SHA-256 and read back from the GetObject body', async () => {
    const storage = s3();
    await storage.putStream('imports/c-1.csv', pieces(BODY), 'text/csv');
    const fetched = await fetch(`${endpoint}/pult/imports/c-1.csv`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('text/csv');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(BODY)).toBe(true);
    const stream = await storage.getStream('imports/c-1.csv');
    expect((await readAll(stream as Readable)).equals(BODY)).toBe(true);
    expect(await storage.getStream('imports/none-1.csv')).toBeNull();
    expect(spools()).toEqual([]);
  });

  it('S3: a failing stream never reaches the bucket and leaves no spool file; wrong credentials fail the PUT', async () => {
    const storage = s3();
    await expect(storage.putStream('imports/d-1.csv', pieces(BODY, 1_048_576), 'text/csv')).rejects.toThrow(
      'limit passed',
    );
    expect((await fetch(`${endpoint}/pult/imports/d-1.csv`)).status).toBe(404);
    const wrong = s3Storage({
      endpoint,
      bucket: 'pult',
      region: 'us-east-1',
      accessKeyId: 'NO',
      secretAccessKey: 'no',
    });
    await expect(wrong.putStream('imports/e-1.csv', pieces(BODY), 'text/csv')).rejects.toThrow(/S3 PUT/);
    expect(spools()).toEqual([]);
  });
});

describe('an import on S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      extraEnv: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'pult',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  });
  afterAll(() => t.close());

  it('the upload is streamed into the bucket, the job reads it back as a stream, and it is gone after', async () => {
    const { apiToken } = await t.signin('admin@pult.test');
    // The bucket is the one the tests above wrote into: only the keys this import adds count.
    const uploads = async () => {
      const keys: string[] = [];
      for await (const key of t.app.storage.list()) if (key.startsWith('imports/')) keys.push(key);
      return keys;
    };
    const before = await uploads();
    const lines = ['Электронная почта;Имя'];
    for (let n = 0; n < 3000; n++) lines.push(`s3.${n}@example.ru;Анна`);
    const body = importBody(Buffer.from(`${lines.join('\r\n')}\r\n`), 'users.csv', { kind: 'users', dryRun: 'true' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, 'api-token': apiToken },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect((await uploads()).filter((key) => !before.includes(key))).toHaveLength(1);
    await t.app.jobs.idle();
    const state = await t.app.inject({ url: `/api/imports/${response.json().id}`, headers: { 'api-token': apiToken } });
    expect(state.json()).toMatchObject({ status: 'done', encoding: 'utf-8', delimiter: ';', total: 3000, valid: 3000 });
    expect((await uploads()).filter((key) => !before.includes(key))).toEqual([]);
  });
});
