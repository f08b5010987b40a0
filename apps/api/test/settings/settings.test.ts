import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CACHE_MS } from '../../src/modules/settings';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
/** A second API process on the same database: its own app, clock and database handle (so its own cache). */
let second: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  // Object.create gives a distinct handle over the same connection, as another process would have.
  second = await buildTestApp({ database: { ...t.database, db: Object.create(t.database.db), close: async () => {} } });
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const get = (app = t, token = tokens.admin) =>
  app.app.inject({ url: '/api/common/settings', headers: { 'api-token': token ?? '' } });
const patch = (body: unknown, token = tokens.admin) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/common/settings',
    payload: body as object,
    headers: { 'api-token': token ?? '' },
  });

describe('system settings', () => {
  it('start from the defaults', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      projectName: 'Pult',
      defaultTimeZone: 'Europe/Moscow',
      pushQuietHours: { enabled: false },
      promoActivationLimits: { perUser: 10, perIp: 50, windowMinutes: 15 },
      updatedAt: null,
    });
  });

  it('are admin only', async () => {
    expect((await get(t, tokens.editor)).statusCode).toBe(403);
    expect((await get(t, tokens.user)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/common/settings' })).statusCode).toBe(401);
    expect((await patch({ projectName: 'X' }, tokens.editor)).statusCode).toBe(403);
  });

  it('validates every value', async () => {
    for (const body of [
      { projectName: '' },
      { projectName: 'x'.repeat(81) },
      { defaultTimeZone: 'Mars/Olympus' },
      { pushQuietHours: { enabled: true, start: '25:00', end: '08:00' } },
      { pushQuietHours: { enabled: true } },
      { promoActivationLimits: { perUser: 0, perIp: 50, windowMinutes: 15 } },
      { unknownKey: 1 },
    ]) {
      const response = await patch(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('a change is audit-logged with only what changed, and the public config shows the name', async () => {
    const response = await patch({
      projectName: 'Планер',
      supportContact: 'help@planner.example',
      defaultTimeZone: 'Asia/Tokyo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ projectName: 'Планер', defaultTimeZone: 'Asia/Tokyo' });
    const audit = await t.app.inject({
      url: '/api/audit-events?entity=settings',
      headers: { 'api-token': tokens.admin },
    });
    const [event] = audit.json().items;
    expect(event).toMatchObject({
      action: 'update',
      before: { projectName: 'Pult' },
      after: { projectName: 'Планер' },
    });
    expect(Object.keys(event.after).sort()).toEqual(['defaultTimeZone', 'projectName', 'supportContact']);
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json()).toMatchObject({ projectName: 'Планер', supportContact: 'help@planner.example' });
  });

  it('a change made through one process is seen by another within a second', async () => {
    expect((await get(second)).json().pushQuietHours.enabled).toBe(false);
    await patch({ pushQuietHours: { enabled: true, start: '23:00', end: '08:00' } });
    // The other process re-reads once its copy is older than SETTINGS_CACHE_MS (under a second).
    second.clock.advance(SETTINGS_CACHE_MS);
    expect((await get(second)).json().pushQuietHours).toEqual({ enabled: true, start: '23:00', end: '08:00' });
  });

  it('the promo activation limits come from the settings', async () => {
    await patch({ promoActivationLimits: { perUser: 2, perIp: 50, windowMinutes: 15 } });
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/promo-codes/activate',
        payload: { code: 'NOPE2345' },
        headers: { 'api-token': tokens.user ?? '' },
      });
    expect((await attempt()).statusCode).toBe(404);
    expect((await attempt()).statusCode).toBe(404);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
  });
});
