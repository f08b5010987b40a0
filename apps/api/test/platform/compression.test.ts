import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
const webDist = mkdtempSync(join(tmpdir(), 'pult-web-'));

// A built SPA in miniature: each text file with the `.br` and `.gz` the build writes next to it.
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const page = `<!doctype html><title>Система управления</title>${'<!-- padding -->'.repeat(100)}`;
const withCompressed = (path: string, content: string) => {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
};

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  withCompressed(join(webDist, 'index.html'), page);
  withCompressed(join(webDist, 'assets', 'app-abc123.js'), script);
  t = await buildTestApp({ extraEnv: { WEB_DIST: webDist } });
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  // Enough people that the list is well above the threshold.
  for (let n = 0; n < 12; n += 1) await t.createUser({ email: `user${n}@example.ru` });
  token = (await t.signin('admin@pult.test')).apiToken;
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({
    method,
    url,
    headers: {
      'api-token': token,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

const varies = (headers: Record<string, unknown>) => expect(String(headers.vary)).toMatch(/accept-encoding/i);

describe('the SPA, precompressed at build', () => {
  it('sends the brotli file to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    varies(br.headers);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    varies(gz.headers);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that asks for no encoding, still saying it varies', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/app-abc123.js', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      varies(plain.headers);
      expect(plain.body).toBe(script);
    }
  });

  it('sends index.html compressed and never cached, for every client-side route', async () => {
    for (const url of ['/', '/auth/login', '/app/users']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer with brotli or gzip, the same JSON as uncompressed', async () => {
    const plain = await get('/api/users?pageSize=50', 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    varies(plain.headers);

    const br = await get('/api/users?pageSize=50', 'br;q=1, gzip;q=0.5');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    varies(br.headers);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/users?pageSize=50', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers uncompressed, with Vary all the same', async () => {
    const response = await get('/api/config', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    varies(response.headers);
    expect(response.json()).toBeTypeOf('object');
  });

  it('keeps the error shape', async () => {
    const missing = await get('/api/nope', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'api-token': token, 'accept-encoding': 'br' },
      payload: { email: 'not an email', password: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    const body =
      invalid.headers['content-encoding'] === 'br'
        ? JSON.parse(brotliDecompressSync(invalid.rawPayload).toString())
        : invalid.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('streams the CSV export compressed, and it is the same valid CSV', async () => {
    const plain = await get('/api/users/export-data', 'identity');
    expect(plain.statusCode).toBe(200);
    const gz = await get('/api/users/export-data', 'gzip');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gz.headers['content-disposition']).toMatch(/attachment; filename="users-.*\.csv"/);
    const csv = gunzipSync(gz.rawPayload).toString();
    expect(csv).toBe(plain.body);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.length).toBe(14);
    const columns = lines[0]?.split(',').length;
    expect(lines.every((line) => line.split(',').length === columns)).toBe(true);
    expect(csv).toContain('user11@example.ru');
    // Brotli too (at the fast level exports use), to the same bytes.
    const br = await get('/api/users/export-data', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await get('/api/users?pageSize=50', 'br', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
  });
});
