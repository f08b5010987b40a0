import { settingsValues } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_MS } from '../../src/lib/step-up';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(() => t.close());

type Role = 'admin' | 'editor' | 'user' | 'anonymous';
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, role: Role = 'admin', payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(role === 'anonymous' ? {} : { 'api-token': tokens[role] ?? '' }), ...headers },
  });
const ok = async (promise: ReturnType<typeof call>) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const history = () => ok(call('GET', '/api/common/settings/revisions'));
const restore = (revisionId: number | string, role: Role = 'admin', headers = {}) =>
  call('POST', `/api/common/settings/revisions/${revisionId}/restore`, role, undefined, headers);

const QUIET_DEFAULT = { enabled: false, start: '22:00', end: '09:00' };
const QUIET_NIGHT = { enabled: true, start: '23:00', end: '08:00' };

describe('the settings’ history', () => {
  it('is empty while the settings were never saved', async () => {
    expect(await history()).toEqual({ items: [], count: 0 });
  });

  it('lists each save with who, what and from what, and restores one as a new revision', async () => {
    await ok(call('PATCH', '/api/common/settings', 'admin', { projectName: 'Пульт А' }));
    await ok(call('PATCH', '/api/common/settings', 'admin', { pushQuietHours: QUIET_NIGHT, sessionIdleMinutes: 45 }));
    await ok(call('PATCH', '/api/common/settings', 'admin', { projectName: 'Пульт Б' }));

    const page = await history();
    expect(page.count).toBe(3);
    expect(page.items.map((item: { version: number }) => item.version)).toEqual([4, 3, 2]);
    expect(page.items[0]).toMatchObject({
      action: 'update',
      actor: { name: 'admin@pult.test' },
      changes: [{ field: 'projectName', before: 'Пульт А', after: 'Пульт Б' }],
    });
    // A group (quiet hours) is one field, kept whole before and after; the SPA shows its parts.
    expect(page.items[1].changes).toEqual([
      { field: 'pushQuietHours', before: QUIET_DEFAULT, after: QUIET_NIGHT },
      { field: 'sessionIdleMinutes', before: 30, after: 45 },
    ]);
    expect(page.items[2].changes).toEqual([{ field: 'projectName', before: 'Pult', after: 'Пульт А' }]);

    // Right after the first save: its name, the quiet hours and idle time as they were then.
    const restored = await restore(page.items[2].id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"5"');
    expect(restored.json()).toMatchObject({
      projectName: 'Пульт А',
      pushQuietHours: QUIET_DEFAULT,
      sessionIdleMinutes: 30,
      version: 5,
    });
    expect(await ok(call('GET', '/api/common/settings'))).toMatchObject({ projectName: 'Пульт А', version: 5 });

    const after = await history();
    expect(after.count).toBe(4);
    expect(after.items[0]).toMatchObject({ action: 'restore-revision', version: 5 });
    expect(after.items[0].changes).toEqual([
      { field: 'projectName', before: 'Пульт Б', after: 'Пульт А' },
      { field: 'pushQuietHours', before: QUIET_NIGHT, after: QUIET_DEFAULT },
      { field: 'sessionIdleMinutes', before: 45, after: 30 },
    ]);
    const audit = await ok(call('GET', '/api/audit-events?entity=settings'));
    expect(audit.items[0]).toMatchObject({ action: 'restore-revision', entity: 'settings' });
  });

  it('keeps the settings’ values only, nothing about who saved them or their session', async () => {
    const { rows } = (await t.database.db.execute(
      sql`SELECT state FROM record_revisions WHERE resource = 'settings'`,
    )) as unknown as { rows: { state: Record<string, unknown> | string }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const state = typeof row.state === 'string' ? JSON.parse(row.state) : row.state;
      expect(Object.keys(state).sort()).toEqual(Object.keys(settingsValues.shape).sort());
      for (const token of Object.values(tokens)) expect(JSON.stringify(state)).not.toContain(token);
    }
  });

  it('is for admins only: editors and planner users get 403, no token 401, and nothing changes', async () => {
    const [latest] = (await history()).items;
    const before = await ok(call('GET', '/api/common/settings'));
    for (const role of ['editor', 'user'] as const) {
      expect((await call('GET', '/api/common/settings/revisions', role)).statusCode).toBe(403);
      expect((await restore(latest.id, role)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/common/settings/revisions', 'anonymous')).statusCode).toBe(401);
    expect((await restore(latest.id, 'anonymous')).statusCode).toBe(401);
    expect(await ok(call('GET', '/api/common/settings'))).toEqual(before);
    expect((await history()).count).toBe(4);
  });

  it('refuses a malformed or unknown revision, another record’s revision and a stale If-Match', async () => {
    const page = await history();
    const oldest = page.items.at(-1).id as number;
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await restore(bad);
      expect(response.statusCode, `${bad}: ${response.body}`).toBe(400);
    }
    const unknown = await restore(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('REVISION_NOT_FOUND');

    // A plan's revision is not one of the settings'.
    const plan = await ok(
      call('POST', '/api/subscriptions/desc', 'admin', {
        title: 'Чужой',
        price: 100,
        period: 'month',
        durationDays: 30,
      }),
    );
    const planRevision = (await ok(call('GET', `/api/subscriptions/desc/${plan.id}/revisions`))).items[0].id;
    expect((await restore(planRevision)).json().code).toBe('REVISION_NOT_FOUND');

    const stale = await restore(oldest, 'admin', { 'if-match': '"4"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', current: { projectName: 'Пульт А', version: 5 } });
    expect((await history()).count).toBe(4);
    const fresh = await restore(oldest, 'admin', { 'if-match': '"5"' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // The oldest kept state is the same as now in everything but nothing: the restore writes what differs.
    expect(fresh.json()).toMatchObject({ projectName: 'Пульт А' });
  });

  it('asks for a fresh proof before a restore, as before any change of the settings', async () => {
    const [, second] = (await history()).items;
    t.clock.advance(STEP_UP_WINDOW_MS + 1000);
    const refused = await restore(second.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    // Reading the history needs no proof.
    expect((await call('GET', '/api/common/settings/revisions')).statusCode).toBe(200);
  });
});
