import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushFixture, pushFixture } from './push-fixture';

/** `POST /client/consents`, the staff's view of a user's consents and their CSV proof. */
describe('consent to advertising', () => {
  let f: PushFixture;
  beforeAll(async () => {
    f = await pushFixture();
  });
  afterAll(() => f.t.close());

  const give = (as: string, body: object, headers: Record<string, string> = {}) =>
    f.t.app.inject({
      method: 'POST',
      url: '/api/client/consents',
      payload: body,
      headers: { 'api-token': f.tokens[as] ?? '', ...headers },
    });

  it('appends a record with its proof; the latest one counts, and staff see the history newest first', async () => {
    const first = await give(
      'free',
      { type: 'advertising', granted: true, version: '2026-02' },
      { 'x-app-version': '5.1.0', 'user-agent': 'Planner/5.1 (Android 14)' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      userId: f.ids.free,
      type: 'advertising',
      granted: true,
      version: '2026-02',
      appVersion: '5.1.0',
      userAgent: 'Planner/5.1 (Android 14)',
      ip: '127.0.0.1',
    });
    f.t.clock.advance(60_000);
    const withdrawn = await give('free', { type: 'advertising', granted: false, appVersion: '5.2.0' });
    expect(withdrawn.json()).toMatchObject({ granted: false, appVersion: '5.2.0', version: null });
    for (const as of ['editor', 'admin']) {
      const listed = await f.call('GET', `/api/users/${f.ids.free}/consents`, undefined, as);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().advertising).toBe(false);
      expect(listed.json().items.map((c: { granted: boolean }) => c.granted)).toEqual([false, true]);
    }
    const none = await f.call('GET', `/api/users/${f.ids.other}/consents`);
    expect(none.json()).toEqual({ advertising: false, items: [] });
  });

  it('exports the proof as CSV, oldest first, and logs the export', async () => {
    const response = await f.call('GET', `/api/users/${f.ids.free}/consents.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`consents-user-${f.ids.free}.csv`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Время (UTC);Тип;Согласие;Версия текста;IP-адрес;Версия приложения;User-Agent');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z;реклама;дано;2026-02;127\.0\.0\.1;5\.1\.0;Planner\/5\.1 \(Android 14\)$/,
    );
    expect(lines[2]).toMatch(/;реклама;отозвано;;127\.0\.0\.1;5\.2\.0;/);
    const audit = await f.call('GET', `/api/audit-events?action=export&entity=user`, undefined, 'admin');
    expect(audit.json().items.some((e: { entityId: string | null }) => e.entityId === String(f.ids.free))).toBe(true);
  });

  it('refuses bad input, other roles and unknown users', async () => {
    expect((await give('free', { type: 'marketing', granted: true })).statusCode).toBe(400);
    expect((await give('free', { type: 'advertising' })).statusCode).toBe(400);
    expect((await give('free', { type: 'advertising', granted: 'yes' })).statusCode).toBe(400);
    expect((await give('free', { type: 'advertising', granted: true, version: 'x'.repeat(51) })).statusCode).toBe(400);
    // Staff cannot consent for someone, nor can anyone anonymous.
    expect((await give('editor', { type: 'advertising', granted: true })).statusCode).toBe(403);
    expect((await give('anonymous', { type: 'advertising', granted: true })).statusCode).toBe(401);
    // A planner user cannot read anyone's consents, their own included, through the staff API.
    expect((await f.call('GET', `/api/users/${f.ids.free}/consents`, undefined, 'free')).statusCode).toBe(403);
    expect((await f.call('GET', `/api/users/${f.ids.free}/consents.csv`, undefined, 'free')).statusCode).toBe(403);
    expect((await f.call('GET', '/api/users/999999/consents')).json().code).toBe('USER_NOT_FOUND');
    expect((await f.call('GET', '/api/users/999999/consents.csv')).statusCode).toBe(404);
    expect((await f.call('GET', '/api/users/abc/consents')).statusCode).toBe(400);
  });
});
