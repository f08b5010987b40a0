import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'pult-web-'));

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><title>Система управления</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ extraEnv: { WEB_DIST: webDist } });
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it.each(['/', '/auth/reset-password?token=abc', '/app/users/15'])(
    'the SPA page %s forbids inline scripts and framing',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('the built index.html has no inline script the CSP would have to allow', async () => {
    const body = (await t.app.inject({ url: '/' })).body;
    for (const tag of body.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain('src=');
  });

  it('API answers are never stored by a cache, above all those that carry tokens', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'admin@pult.test', password: PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['cache-control']).toBe('no-store');
    const refresh = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: signin.json().refreshToken },
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    expect(refresh.headers['x-frame-options']).toBe('DENY');
  });

  it('uploaded files keep their own, stricter CSP', async () => {
    mkdirSync(join(t.app.env.dataDir, 'files', 'x'), { recursive: true });
    writeFileSync(join(t.app.env.dataDir, 'files', 'x', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const response = await t.app.inject({ url: '/files/x/a.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers HEAD on an SPA route like GET, without a body', async () => {
    for (const url of ['/', '/app/users', '/auth/login?next=/app']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.body).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
