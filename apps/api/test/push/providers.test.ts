import { createDecipheriv, createECDH, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { webPushProvider } from '../../src/modules/push';
import { type PushFixture, pushFixture } from './push-fixture';

const body = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('FCM HTTP v1 provider against a local fake', () => {
  let f: PushFixture;
  let server: Server;
  const seen: Array<{ token: string; collapse: string }> = [];
  let busyOnce = true;
  beforeAll(async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
    server = createServer(async (request, response) => {
      const raw = (await body(request)).toString();
      if (request.url === '/token') {
        const assertion = new URLSearchParams(raw).get('assertion') ?? '';
        const { payload } = await jwtVerify(assertion, spki);
        expect(payload.scope).toContain('firebase.messaging');
        response.end(JSON.stringify({ access_token: 'fake-access', expires_in: 3600 }));
        return;
      }
      expect(request.url).toBe('/v1/projects/pult-test/messages:send');
      expect(request.headers.authorization).toBe('Bearer fake-access');
      const { message } = JSON.parse(raw);
      seen.push({ token: message.token, collapse: message.android.collapse_key });
      const error = (status: number, code: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify({ error: { code: status, details: [{ errorCode: code }] } }));
      };
      if (message.token === 'gone') return error(404, 'UNREGISTERED');
      if (message.token === 'bad') return error(400, 'INVALID_ARGUMENT');
      if (message.token === 'down') return error(503, 'UNAVAILABLE');
      if (message.token === 'busy' && busyOnce) {
        busyOnce = false;
        return error(429, 'QUOTA_EXCEEDED', { 'retry-after': '20' });
      }
      response.end(JSON.stringify({ name: 'projects/pult-test/messages/1' }));
    });
    const base = await listen(server);
    const file = join(tmpdir(), `fcm-${Date.now()}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        project_id: 'pult-test',
        client_email: 'pult@pult-test.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${base}/token`,
      }),
    );
    f = await pushFixture({ extraEnv: { PUSH_PROVIDER: 'fcm', FCM_CREDENTIALS: file, FCM_BASE_URL: base } });
    for (const token of ['ok', 'gone', 'bad', 'busy', 'down']) await f.device('free', token);
  });
  afterAll(async () => {
    await f.t.close();
    server.close();
  });

  it('sends, disables unregistered devices, fails 400s, retries 429 after Retry-After and 5xx with back-off', async () => {
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    let detail = (await f.call('GET', `/api/reminders/${created.id}`)).json();
    expect(detail).toMatchObject({ status: 'sending', targeted: 5, sent: 1, failed: 2, pending: 2 });
    expect(seen.every((s) => s.collapse === `reminder-${created.id}`)).toBe(true);
    // The 429 asked for 20 s: nothing is retried before.
    await f.travel(10_000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json().sent).toBe(1);
    for (let i = 0; i < 6; i++) {
      await f.travel(120_000);
      await f.drain();
    }
    detail = (await f.call('GET', `/api/reminders/${created.id}`)).json();
    expect(detail).toMatchObject({ status: 'sent', sent: 2, failed: 3, pending: 0 });
    const reasons = detail.failures.map((r: { reason: string }) => r.reason).sort();
    expect(reasons).toEqual([
      '400 INVALID_ARGUMENT',
      'gave up after 5 attempts: 503 UNAVAILABLE',
      'unregistered: UNREGISTERED',
    ]);
    const count = await f.call('POST', '/api/reminders/audience-count', { type: 'users', userIds: [f.ids.free] });
    expect(count.json().devices).toBe(4);
    expect(seen.filter((s) => s.token === 'ok')).toHaveLength(1);
  });
});

/** Decrypts an aes128gcm Web Push body (RFC 8291) with the subscription's private key and secret. */
function decrypt(payload: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer) {
  const salt = payload.subarray(0, 16);
  const idLength = payload.readUInt8(20);
  const serverKey = payload.subarray(21, 21 + idLength);
  const cipher = payload.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString();
}

describe('Web Push provider against a local endpoint', () => {
  it('encrypts the payload for the subscription, signs with VAPID, sets the Topic, and reads 410 as unregistered', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const received: Array<{ headers: IncomingMessage['headers']; body: Buffer; url: string }> = [];
    const server = createServer(async (request, response) => {
      received.push({ headers: request.headers, body: await body(request), url: request.url ?? '' });
      response.writeHead(request.url === '/gone' ? 410 : 201);
      response.end();
    });
    const base = await listen(server);
    const vapid = webpush.generateVAPIDKeys();
    const provider = webPushProvider({
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      subject: 'mailto:t@pult.test',
    });
    const subscription = (path: string) =>
      JSON.stringify({
        endpoint: `${base}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      });
    const message = {
      deliveryId: 7,
      platform: 'web' as const,
      provider: 'webpush' as const,
      category: 'service' as const,
      title: 'Привет',
      body: 'Текст',
      deeplink: '/plans',
      collapseKey: 'reminder-7',
    };
    const results = await provider.send([
      { ...message, token: subscription('/ok') },
      { ...message, token: subscription('/gone') },
    ]);
    server.close();
    expect(results.map((r) => r.status)).toEqual(['sent', 'unregistered']);
    const ok = received.find((r) => r.url === '/ok');
    expect(ok?.headers.topic).toBe('reminder-7');
    expect(ok?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(ok?.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(decrypt(ok?.body ?? Buffer.alloc(0), ecdh, auth))).toEqual({
      title: 'Привет',
      body: 'Текст',
      deeplink: '/plans',
      deliveryId: 7,
    });
  });
});
