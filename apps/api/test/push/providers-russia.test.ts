import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer, type Received } from './fake-push-servers';
import { type PushFixture, pushFixture } from './push-fixture';

/**
 * RuStore Push and Huawei Push Kit through their real client code, against local fakes started here:
 * the token endpoint, `messages:send`, and error answers the test switches. Then several providers at
 * once, each device's delivery routed through its own.
 */
const sendOf = (request: Received) => JSON.parse(request.body).message;
const rustoreToken = (request: Received) => sendOf(request).token as string;
const hmsToken = (request: Received) => (sendOf(request).token as string[])[0] ?? '';

async function detailOf(f: PushFixture, id: number) {
  return (await f.call('GET', `/api/reminders/${id}`)).json();
}

/** Moves the clock past every back-off until nothing of the push is left to send (at most 8 steps). */
async function untilDone(f: PushFixture, id: number) {
  let detail = await detailOf(f, id);
  for (let i = 0; i < 8 && (detail.pending > 0 || detail.status === 'sending'); i++) {
    await f.travel(120_000);
    await f.drain();
    detail = await detailOf(f, id);
  }
  return detail;
}

describe('RuStore provider against a local fake', () => {
  let f: PushFixture;
  let fake: FakeServer;
  let busyOnce = true;
  beforeAll(async () => {
    fake = await fakeServer((request) => {
      if (request.url !== '/v1/projects/pult-rs/messages:send') return { status: 404, body: {} };
      if (request.headers.authorization !== 'Bearer rs-service-token')
        return { status: 401, body: { error: { code: 401, message: 'bad token', status: 'UNAUTHENTICATED' } } };
      const token = rustoreToken(request);
      const error = (status: number, code: string, message: string, headers?: Record<string, string>) => ({
        status,
        headers,
        body: { error: { code: status, message, status: code } },
      });
      if (token === 'gone') return error(404, 'NOT_FOUND', 'token not found');
      if (token === 'bad') return error(400, 'INVALID_ARGUMENT', 'notification.title is too long');
      if (token === 'down') return error(503, 'UNAVAILABLE', 'try later');
      if (token === 'busy' && busyOnce) {
        busyOnce = false;
        return error(429, 'RESOURCE_EXHAUSTED', 'slow down', { 'retry-after': '20' });
      }
      return { status: 200, body: { name: 'projects/pult-rs/messages/1' } };
    });
    f = await pushFixture({
      extraEnv: {
        PUSH_PROVIDER: 'rustore',
        RUSTORE_PROJECT_ID: 'pult-rs',
        RUSTORE_SERVICE_TOKEN: 'rs-service-token',
        RUSTORE_BASE_URL: fake.url,
      },
    });
    for (const token of ['ok', 'gone', 'bad', 'busy', 'down']) {
      const response = await f.call(
        'POST',
        '/api/client/devices',
        { token, platform: 'android', provider: 'rustore' },
        'free',
      );
      expect(response.json()).toMatchObject({ provider: 'rustore' });
    }
  });
  afterAll(async () => {
    await f.t.close();
    await fake.close();
  });

  it('sends with the service token, disables unregistered devices, fails bad messages with the reason, retries 429 after Retry-After', async () => {
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free], deeplink: '/plans/3' });
    await f.drain();
    const first = fake.received.find((r) => rustoreToken(r) === 'ok');
    expect(sendOf(first as Received)).toMatchObject({
      notification: { title: 'Скидка 20%', body: 'Только сегодня' },
      data: { collapseKey: `reminder-${created.id}`, category: 'service' },
      android: { notification: { click_action: '/plans/3', click_action_type: 1 } },
    });
    expect(await detailOf(f, created.id)).toMatchObject({ targeted: 5, sent: 1, failed: 2, pending: 2 });
    // The 429 asked for 20 s: nothing is retried at 10 s.
    await f.travel(10_000);
    await f.drain();
    expect(fake.received.filter((r) => rustoreToken(r) === 'busy')).toHaveLength(1);
    const detail = await untilDone(f, created.id);
    expect(detail).toMatchObject({ status: 'sent', sent: 2, failed: 3, pending: 0 });
    expect(detail.failures.map((r: { reason: string }) => r.reason).sort()).toEqual([
      '400 INVALID_ARGUMENT: notification.title is too long',
      'gave up after 5 attempts: 503 UNAVAILABLE',
      'unregistered: NOT_FOUND',
    ]);
    expect(detail.byProvider).toEqual([
      { provider: 'rustore', targeted: 5, skipped: 0, sent: 2, failed: 3, opened: 0 },
    ]);
    // The dead token's device is disabled: the next audience leaves it out.
    const count = await f.call('POST', '/api/reminders/audience-count', { type: 'users', userIds: [f.ids.free] });
    expect(count.json().devices).toBe(4);
    expect(fake.received.filter((r) => rustoreToken(r) === 'ok')).toHaveLength(1);
  });
});

describe('Huawei Push Kit provider against a local fake', () => {
  let f: PushFixture;
  let fake: FakeServer;
  let expiresIn = 3600;
  let expireOnce = false;
  let busyOnce = true;
  let issued = 0;
  beforeAll(async () => {
    fake = await fakeServer((request) => {
      if (request.url === '/oauth2/v3/token') {
        const form = new URLSearchParams(request.body);
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 'hms-secret')
          return { status: 400, body: { error: 1101, error_description: 'invalid client' } };
        issued += 1;
        return {
          status: 200,
          body: { access_token: `hms-access-${issued}`, expires_in: expiresIn, token_type: 'Bearer' },
        };
      }
      if (request.url !== '/v1/10086/messages:send') return { status: 404, body: {} };
      if (request.headers.authorization !== `Bearer hms-access-${issued}`)
        return { status: 401, body: { code: '80200003', msg: 'OAuth token expired' } };
      if (expireOnce) {
        expireOnce = false;
        return { status: 401, body: { code: '80200003', msg: 'OAuth token expired' } };
      }
      const token = hmsToken(request);
      if (token === 'gone') return { status: 200, body: { code: '80300007', msg: 'All the tokens are invalid' } };
      if (token === 'partial')
        return {
          status: 200,
          body: { code: '80100000', msg: JSON.stringify({ success: 0, failure: 1, illegal_tokens: ['partial'] }) },
        };
      if (token === 'bad') return { status: 400, body: { code: '80100003', msg: 'Incorrect message structure' } };
      if (token === 'busy' && busyOnce) {
        busyOnce = false;
        return { status: 503, body: { code: '80300010', msg: 'flow control' }, headers: { 'retry-after': '30' } };
      }
      return { status: 200, body: { code: '80000000', msg: 'Success', requestId: '1' } };
    });
    f = await pushFixture({
      extraEnv: {
        PUSH_PROVIDER: 'hms',
        HMS_APP_ID: '10086',
        HMS_CLIENT_SECRET: 'hms-secret',
        HMS_BASE_URL: fake.url,
        HMS_TOKEN_URL: `${fake.url}/oauth2/v3/token`,
      },
    });
    for (const token of ['ok', 'gone', 'partial', 'bad', 'busy'])
      await f.call('POST', '/api/client/devices', { token, platform: 'android', provider: 'hms' }, 'free');
  });
  afterAll(async () => {
    await f.t.close();
    await fake.close();
  });

  it('takes one OAuth token for many sends, maps the result codes, waits out a 503 for its Retry-After', async () => {
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    expect(issued).toBe(1);
    const ok = fake.received.find((r) => r.url.includes('messages:send') && hmsToken(r) === 'ok') as Received;
    const message = sendOf(ok);
    expect(JSON.parse(message.data)).toMatchObject({ collapseKey: `reminder-${created.id}`, category: 'service' });
    expect(message.android.notification).toMatchObject({ title: 'Скидка 20%', body: 'Только сегодня' });
    expect(message.android.category).toBeUndefined();
    expect(await detailOf(f, created.id)).toMatchObject({ targeted: 5, sent: 1, failed: 3, pending: 1 });
    await f.travel(20_000);
    await f.drain();
    expect(fake.received.filter((r) => r.url.includes('messages:send') && hmsToken(r) === 'busy')).toHaveLength(1);
    const detail = await untilDone(f, created.id);
    expect(detail).toMatchObject({ status: 'sent', sent: 2, failed: 3 });
    expect(detail.failures.map((r: { reason: string }) => r.reason).sort()).toEqual([
      '400 80100003 Incorrect message structure',
      'unregistered: 80100000',
      'unregistered: 80300007',
    ]);
    // Still the first token: it was cached for its hour.
    expect(issued).toBe(1);
  });

  it('fetches a new token when the cached one is refused, and once it has expired', async () => {
    const before = issued;
    expireOnce = true;
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    // The refused send is retried with a fresh token after the back-off.
    await untilDone(f, created.id);
    expect(issued).toBe(before + 1);
    expect(await detailOf(f, created.id)).toMatchObject({ status: 'sent', sent: 2 });
    // A token that lives no longer than the minute kept in reserve is fetched again for every batch.
    expiresIn = 60;
    expireOnce = true;
    const again = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    await untilDone(f, again.id);
    expect(issued).toBe(before + 2);
    const third = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    expect(issued).toBe(before + 3);
    expect(await detailOf(f, third.id)).toMatchObject({ sent: 2 });
  }, 300_000);
});

describe('several providers at once: each device through its own', () => {
  let f: PushFixture;
  let rustore: FakeServer;
  let hms: FakeServer;
  beforeAll(async () => {
    rustore = await fakeServer(() => ({ status: 200, body: { name: 'm' } }));
    hms = await fakeServer((request) =>
      request.url.startsWith('/oauth')
        ? { status: 200, body: { access_token: 'a', expires_in: 3600 } }
        : { status: 200, body: { code: '80000000', msg: 'Success' } },
    );
    f = await pushFixture({
      extraEnv: {
        PUSH_PROVIDER: 'rustore, hms, log',
        RUSTORE_PROJECT_ID: 'p',
        RUSTORE_SERVICE_TOKEN: 's',
        RUSTORE_BASE_URL: rustore.url,
        HMS_APP_ID: '1',
        HMS_CLIENT_SECRET: 's',
        HMS_BASE_URL: hms.url,
        HMS_TOKEN_URL: `${hms.url}/oauth`,
      },
    });
  });
  afterAll(async () => {
    await f.t.close();
    await rustore.close();
    await hms.close();
  });

  it('registers a device with its provider, by platform when left out, and refuses an unknown one', async () => {
    const register = (body: object) => f.call('POST', '/api/client/devices', body, 'other');
    expect((await register({ token: 'p-android', platform: 'android' })).json().provider).toBe('fcm');
    expect((await register({ token: 'p-web', platform: 'web' })).json().provider).toBe('webpush');
    const bad = await register({ token: 'p-x', platform: 'android', provider: 'apns' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('provider');
    // A re-registration may name another provider (the app moved from FCM to RuStore).
    expect((await register({ token: 'p-android', platform: 'android', provider: 'rustore' })).json().provider).toBe(
      'rustore',
    );
    await f.call('DELETE', '/api/client/devices/p-android', undefined, 'other');
    await f.call('DELETE', '/api/client/devices/p-web', undefined, 'other');
  });

  it('fans one push out through RuStore, HMS and the log stand-in, and shows the funnel per provider', async () => {
    await f.call('POST', '/api/client/devices', { token: 'rs-1', platform: 'android', provider: 'rustore' }, 'free');
    await f.call('POST', '/api/client/devices', { token: 'hw-1', platform: 'android', provider: 'hms' }, 'free');
    await f.call('POST', '/api/client/devices', { token: 'hw-2', platform: 'android', provider: 'hms' }, 'subscriber');
    await f.device('subscriber', 'fcm-1', 'ios');
    const created = await f.schedule({ type: 'all' });
    await f.drain();
    expect(rustore.received.map(rustoreToken)).toEqual(['rs-1']);
    expect(
      hms.received
        .filter((r) => r.url.includes('messages:send'))
        .map(hmsToken)
        .sort(),
    ).toEqual(['hw-1', 'hw-2']);
    const detail = await detailOf(f, created.id);
    expect(detail).toMatchObject({ status: 'sent', targeted: 4, sent: 4 });
    expect(detail.byProvider).toEqual([
      { provider: 'fcm', targeted: 1, skipped: 0, sent: 1, failed: 0, opened: 0 },
      { provider: 'hms', targeted: 2, skipped: 0, sent: 2, failed: 0, opened: 0 },
      { provider: 'rustore', targeted: 1, skipped: 0, sent: 1, failed: 0, opened: 0 },
    ]);
    const metrics = await f.t.app.metrics.registry.metrics();
    expect(metrics).toMatch(/pult_push_deliveries_total\{provider="hms",result="sent"\} 2/);
    expect(metrics).toMatch(/pult_push_deliveries_total\{provider="log",result="sent"\} 1/);
  });
});

describe('a device whose provider is not on, without the log stand-in', () => {
  it('fails as "provider not configured" instead of sending its token elsewhere', async () => {
    const rustore = await fakeServer(() => ({ status: 200, body: {} }));
    const f = await pushFixture({
      extraEnv: {
        PUSH_PROVIDER: 'rustore',
        RUSTORE_PROJECT_ID: 'p',
        RUSTORE_SERVICE_TOKEN: 's',
        RUSTORE_BASE_URL: rustore.url,
      },
    });
    try {
      await f.device('free', 'fcm-only');
      const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
      await f.drain();
      const detail = await detailOf(f, created.id);
      expect(detail).toMatchObject({ status: 'failed', failed: 1, sent: 0 });
      expect(detail.failures).toEqual([{ reason: 'provider not configured: fcm', count: 1 }]);
      expect(rustore.received).toHaveLength(0);
    } finally {
      await f.t.close();
      await rustore.close();
    }
  });
});
