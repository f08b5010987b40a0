import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../src/storage/s3-storage';
import { startLocalS3 } from '../helpers/local-s3';
import { multipartBody, PNG_1PX } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// s3rver speaks the S3 protocol locally and checks SigV4 signatures, so the real client code runs.
let localS3: Awaited<ReturnType<typeof startLocalS3>>;
let endpoint = '';
let t: TestApp;

beforeAll(async () => {
  localS3 = await startLocalS3(['pult']);
  endpoint = localS3.endpoint;
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
afterAll(async () => {
  await t.close();
  await localS3.close();
});

describe('S3 storage driver (against a local S3 server)', () => {
  it('uploads an avatar to the bucket, readable at the public URL', async () => {
    const { apiToken } = await t.signin('admin@pult.test');
    const id = await t.createUser({ email: 'person@pult.test' });
    const body = multipartBody('avatar', 'me.png', 'image/png', PNG_1PX);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/avatar`,
      payload: body.payload,
      headers: { ...body.headers, 'api-token': apiToken },
    });
    expect(response.statusCode, response.body).toBe(200);
    const key = response.json().avatar as string;
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.filesBaseUrl).toBe(`${endpoint}/pult`);
    const fetched = await fetch(`${config.filesBaseUrl}/${key}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG_1PX)).toBe(true);
  });

  it('deletes objects, and unknown credentials are refused by the server', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'pult',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await storage.put('tests/a-1.png', PNG_1PX, 'image/png');
    expect((await fetch(`${endpoint}/pult/tests/a-1.png`)).status).toBe(200);
    await storage.delete('tests/a-1.png');
    expect((await fetch(`${endpoint}/pult/tests/a-1.png`)).status).toBe(404);
    const wrong = s3Storage({
      endpoint,
      bucket: 'pult',
      region: 'us-east-1',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'nope',
    });
    await expect(wrong.put('tests/b-1.png', PNG_1PX, 'image/png')).rejects.toThrow(/S3 PUT/);
  });

  it('lists a bucket past one page of ListObjectsV2 (1,000 keys), following the continuation token', async () => {
    // s3rver cannot page: its continuation token is DES, which OpenSSL 3 refuses (500). So the pages
    // come from a small S3 stand-in that answers as S3 documents, 1,000 keys a page, with an opaque
    // token holding the characters a query string must encode (+ / =) and XML escapes in keys.
    const keys = Array.from({ length: 2345 }, (_, i) => `listing/${String(i).padStart(4, '0')}&.txt`);
    const tokens: (string | null)[] = [];
    const fake = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://s3');
      const token = url.searchParams.get('continuation-token');
      tokens.push(token);
      const authorised = /^AWS4-HMAC-SHA256 /.test(request.headers.authorization ?? '');
      const start = token === null ? 0 : Number(Buffer.from(token, 'base64').toString().split('+')[1]);
      if (!authorised || url.searchParams.get('list-type') !== '2' || Number.isNaN(start)) {
        response.writeHead(400).end('<Error><Code>InvalidArgument</Code></Error>');
        return;
      }
      const page = keys.slice(start, start + 1000);
      const more = start + 1000 < keys.length;
      const next = Buffer.from(`page+${start + 1000}+/==`).toString('base64');
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>pult</Name><KeyCount>${page.length}</KeyCount>` +
            `<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}` +
            page.map((key) => `<Contents><Key>${key.replace(/&/g, '&amp;')}</Key><Size>1</Size></Contents>`).join('') +
            '</ListBucketResult>',
        );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const address = fake.address();
      const storage = s3Storage({
        endpoint: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        bucket: 'pult',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      const listed: string[] = [];
      for await (const key of storage.list()) listed.push(key);
      expect(listed).toEqual(keys);
      // Three pages: the first without a token, then each page's token sent back as it was given.
      expect(tokens).toEqual([
        null,
        Buffer.from('page+1000+/==').toString('base64'),
        Buffer.from('page+2000+/==').toString('base64'),
      ]);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'pult',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await expect(storage.put('../x.png', PNG_1PX, 'image/png')).rejects.toThrow(/unsafe/);
  });
});
