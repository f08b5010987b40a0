import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'pult-web-'));
const dataDir = mkdtempSync(join(tmpdir(), 'pult-data-'));

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Система управления</title>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  mkdirSync(join(dataDir, 'files', 'avatars'), { recursive: true });
  writeFileSync(join(dataDir, 'files', 'avatars', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await buildTestApp({ extraEnv: { WEB_DIST: webDist, DATA_DIR: dataDir } });
});
afterAll(() => t.close());

describe('one server for API, files and SPA', () => {
  it.each(['/', '/auth/login', '/app/users/15', '/app/home?x=1'])('serves the SPA for %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Система управления');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves uploads with nosniff and a CSP that forbids scripts', async () => {
    const response = await t.app.inject({ url: '/files/avatars/a.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers missing files and API routes with JSON 404, not the SPA', async () => {
    for (const url of ['/files/nope.png', '/api/nope']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('does not serve files outside the storage folder', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'top secret');
    for (const url of ['/files/../secret.txt', '/files/%2e%2e/secret.txt', '/files/..%2fsecret.txt']) {
      const response = await t.app.inject({ url });
      expect(response.body, url).not.toContain('top secret');
    }
  });

  it('publishes OpenAPI generated from the contract at /api/docs', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const spec = json.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/users/signin', '/users/refresh-token', '/users/signout']),
    );
    const signinBody = spec.paths['/users/signin'].post.requestBody.content['application/json'].schema;
    expect(signinBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('assets built after start', () => {
  it('answers a missing /assets file with 404, not the SPA page', async () => {
    const response = await t.app.inject({ url: '/assets/app-doesnotexist.js' });
    expect(response.statusCode).toBe(404);
  });
});
