import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { PushMessage, PushProvider } from '../../src/modules/push';
import { type PushFixture, pushFixture } from './push-fixture';

describe('push notifications (reminders)', () => {
  let f: PushFixture;
  beforeAll(async () => {
    f = await pushFixture();
    await f.device('subscriber', 'tok-sub-android', 'android', 'Asia/Vladivostok');
    await f.device('subscriber', 'tok-sub-ios', 'ios', 'Europe/Kaliningrad');
    await f.device('free', 'tok-free-web', 'web');
    await f.device('other', 'tok-other', 'android');
  });
  afterAll(() => f.t.close());

  it.each([
    ['all', undefined, 3, 4],
    ['subscribers', undefined, 1, 2],
    ['non-subscribers', undefined, 2, 2],
    ['users', 'other', 1, 1],
  ])('counts the %s audience', async (type, who, users, devices) => {
    const userIds = who ? [f.ids[who as 'other']] : undefined;
    const response = await f.call('POST', '/api/reminders/audience-count', { type, userIds });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ users, devices, withoutConsent: 0, isEstimate: false });
  });

  it('delivers a push due now once to every device of its audience, with statistics', async () => {
    const created = await f.schedule({ type: 'subscribers', deeplink: '/plans' });
    expect(created).toMatchObject({ status: 'scheduled', targeted: 0, localTime: false });
    await f.drain();
    const detail = (await f.call('GET', `/api/reminders/${created.id}`)).json();
    expect(detail).toMatchObject({ status: 'sent', targeted: 2, sent: 2, failed: 0, opened: 0, pending: 0 });
    expect(detail.byPlatform.map((p: { platform: string }) => p.platform)).toEqual(['android', 'ios']);
    // Running the job again sends nothing more.
    await f.drain();
    const rows = await queryRows<{ n: number }>(
      f.t.database.db,
      sql`SELECT count(*)::int AS n FROM push_deliveries WHERE reminder_id = ${created.id}`,
    );
    expect(Number(rows[0]?.n)).toBe(2);
  });

  it('records an open once, and only for the owner of the delivery', async () => {
    const created = await f.schedule({ type: 'users', userIds: [f.ids.free] });
    await f.drain();
    const [delivery] = await queryRows<{ id: number }>(
      f.t.database.db,
      sql`SELECT id FROM push_deliveries WHERE reminder_id = ${created.id}`,
    );
    const url = `/api/client/pushes/${delivery?.id}/opened`;
    expect((await f.call('POST', url, undefined, 'other')).json().code).toBe('DELIVERY_NOT_FOUND');
    expect((await f.call('POST', url, undefined, 'free')).statusCode).toBe(200);
    expect((await f.call('POST', url, undefined, 'free')).statusCode).toBe(200);
    expect((await f.call('GET', `/api/reminders/${created.id}`)).json().opened).toBe(1);
    expect((await f.call('POST', url, undefined, 'editor')).statusCode).toBe(403);
  });

  it('waits for the scheduled time, lists by range and type, and cancels only while not finished', async () => {
    const at = new Date(f.t.clock.now().getTime() + 3600_000);
    const later = await f.schedule({ scheduledAt: at.toISOString(), type: 'non-subscribers' });
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${later.id}`)).json()).toMatchObject({ status: 'scheduled', sent: 0 });
    const range = `startDate=${encodeURIComponent(new Date(at.getTime() - 1000).toISOString())}&endDate=${encodeURIComponent(new Date(at.getTime() + 1000).toISOString())}`;
    const listed = (await f.call('GET', `/api/reminders?${range}`)).json();
    expect(listed.items.map((r: { id: number }) => r.id)).toEqual([later.id]);
    expect((await f.call('GET', `/api/reminders?${range}&type=all`)).json().count).toBe(0);
    const canceled = await f.call('GET', `/api/reminders/${later.id}/cancel`);
    expect(canceled.json().status).toBe('canceled');
    await f.travel(2 * 3600_000);
    await f.drain();
    expect((await f.call('GET', `/api/reminders/${later.id}`)).json()).toMatchObject({ status: 'canceled', sent: 0 });
    const again = await f.call('GET', `/api/reminders/${later.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REMINDER_NOT_CANCELABLE');
    expect((await f.call('GET', '/api/reminders/999999/cancel')).json().code).toBe('REMINDER_NOT_FOUND');
  });

  it('sends at the same wall-clock time in each device zone when localTime is set', async () => {
    // 12:00 Moscow the day after tomorrow: Vladivostok (UTC+10) 7 hours earlier, Kaliningrad (UTC+2) an hour later.
    const now = f.t.clock.now();
    const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2, 9, 0, 0));
    const created = await f.schedule({ type: 'subscribers', scheduledAt: noon.toISOString(), localTime: true });
    const due = await queryRows<{ platform: string; due_at: Date | string }>(
      f.t.database.db,
      sql`SELECT platform, due_at FROM push_deliveries WHERE reminder_id = ${created.id} ORDER BY platform`,
    );
    expect(due).toHaveLength(0);
    await f.travel(noon.getTime() - now.getTime() - 7 * 3600_000 + 1000);
    await f.drain();
    let detail = (await f.call('GET', `/api/reminders/${created.id}`)).json();
    expect(detail).toMatchObject({ status: 'sending', targeted: 2, sent: 1, pending: 1 });
    await f.travel(8 * 3600_000);
    await f.drain();
    detail = (await f.call('GET', `/api/reminders/${created.id}`)).json();
    expect(detail).toMatchObject({ status: 'sent', sent: 2, pending: 0 });
  });

  it('test-sends to one user apart from the statistics, and refuses a user without devices', async () => {
    const response = await f.call('POST', '/api/reminders/test-send', {
      title: 'Тест',
      body: 'Проверка',
      userId: f.ids.subscriber,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ devices: 2, sent: 2, failed: 0 });
    const admin = await f.t.createUser({ email: 'nodevice@pult.test', role: 'user' });
    const none = await f.call('POST', '/api/reminders/test-send', { title: 'Тест', body: 'x', userId: admin });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_DEVICES');
    expect(
      (await f.call('POST', '/api/reminders/test-send', { title: 'T', body: 'x', userId: 999999 })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['a title over 65 characters', { title: 'я'.repeat(66) }, 'title'],
    ['an empty body', { body: '' }, 'body'],
    ['a time in the past', { scheduledAt: '2020-01-01T00:00:00Z' }, 'scheduledAt'],
    ['userIds for another type', { type: 'all', userIds: [1] }, 'userIds'],
    ['users without userIds', { type: 'users' }, 'userIds'],
    ['an unknown user', { type: 'users', userIds: [999999] }, 'userIds'],
    ['a deeplink that is neither URL nor path', { deeplink: 'plans page' }, 'deeplink'],
    ['a javascript: deeplink', { deeplink: 'javascript://x/%0Awindow.__pwned=1' }, 'deeplink'],
    ['a JAVASCRIPT: deeplink', { deeplink: 'JavaScript://x/%0Aalert(1)' }, 'deeplink'],
    ['a data: deeplink', { deeplink: 'data://text/html,<script>alert(1)</script>' }, 'deeplink'],
    ['a file: deeplink', { deeplink: 'file:///etc/passwd' }, 'deeplink'],
    ['an intent: deeplink', { deeplink: 'intent://scan/#Intent;scheme=zxing;end' }, 'deeplink'],
    ['a plain http deeplink', { deeplink: 'http://example.com/plans' }, 'deeplink'],
    ['a path that names another host', { deeplink: '//evil.example/plans' }, 'deeplink'],
    ['a path with a backslash', { deeplink: '/\\evil.example/plans' }, 'deeplink'],
    ['a link with a control character', { deeplink: 'https://example.com/\u0001x' }, 'deeplink'],
    ['an unknown type', { type: 'everyone' }, 'type'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const response = await f.call('POST', '/api/reminders/create-push-notification', {
      title: 'Заголовок',
      body: 'Текст',
      type: 'all',
      scheduledAt: f.t.clock.now().toISOString(),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
  });

  it.each(['/plans/3', '/plans?tab=week', 'planner://plans/3', 'PLANNER://promo?code=A1', 'https://example.com/plans'])(
    'accepts the deeplink %s (an app path, the app scheme, https)',
    async (deeplink) => {
      const response = await f.call('POST', '/api/reminders/create-push-notification', {
        title: 'Заголовок',
        body: 'Текст',
        type: 'all',
        // Tomorrow: the other tests' deliveries stay as they count them.
        scheduledAt: new Date(f.t.clock.now().getTime() + 86_400_000).toISOString(),
        deeplink,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().deeplink).toBe(deeplink);
    },
  );

  it.each([
    ['admin', 200],
    ['editor', 200],
    ['user', 403],
    ['anonymous', 401],
  ])('lets %s list reminders: %i', async (as, status) => {
    expect((await f.call('GET', '/api/reminders', undefined, as)).statusCode).toBe(status);
    const created = await f.call(
      'POST',
      '/api/reminders/create-push-notification',
      {
        title: 'Роль',
        body: 'x',
        type: 'all',
        scheduledAt: new Date(f.t.clock.now().getTime() + 86_400_000).toISOString(),
      },
      as,
    );
    expect(created.statusCode).toBe(status);
  });

  it('moves a token to the user who registers it last and forgets it on delete', async () => {
    await f.device('free', 'tok-shared', 'ios');
    await f.device('other', 'tok-shared', 'ios');
    const count = async (userId: number) =>
      (await f.call('POST', '/api/reminders/audience-count', { type: 'users', userIds: [userId] })).json().devices;
    expect(await count(f.ids.other)).toBe(2);
    expect((await f.call('DELETE', '/api/client/devices/tok-shared', undefined, 'free')).statusCode).toBe(404);
    expect((await f.call('DELETE', '/api/client/devices/tok-shared', undefined, 'other')).statusCode).toBe(200);
    expect(await count(f.ids.other)).toBe(1);
    const bad = await f.call(
      'POST',
      '/api/client/devices',
      { token: 'x', platform: 'android', timeZone: 'Mars/Base' },
      'free',
    );
    expect(bad.json().errors).toHaveProperty('timeZone');
  });
});

describe('a deeplink saved before the rule', () => {
  it('is not sent: the notification goes without it', async () => {
    const sent: PushMessage[] = [];
    const provider: PushProvider = {
      name: 'capturing',
      async send(messages) {
        sent.push(...messages);
        return messages.map(() => ({ status: 'sent' as const }));
      },
    };
    const f = await pushFixture({ push: { provider } });
    try {
      await f.device('free', 'tok-old-link', 'android');
      // Due in an hour, so the row can be changed before the worker reads it.
      const scheduledAt = new Date(f.t.clock.now().getTime() + 3_600_000).toISOString();
      const audience = { type: 'users', userIds: [f.ids.free], scheduledAt };
      const hostile = await f.schedule({ ...audience, deeplink: '/plans' });
      const fine = await f.schedule({ ...audience, deeplink: 'planner://plans/3' });
      // What a row written before the contract refused script schemes may hold.
      await f.t.database.db.execute(
        sql`UPDATE reminders SET deeplink = 'javascript://x/%0Awindow.__pwned=1' WHERE id = ${hostile.id}`,
      );
      await f.travel(3_600_000);
      await f.drain();
      const linkOf = (id: number) => sent.find((m) => m.collapseKey === `reminder-${id}`)?.deeplink;
      expect(linkOf(hostile.id)).toBeNull();
      expect(linkOf(fine.id)).toBe('planner://plans/3');
    } finally {
      await f.t.close();
    }
  });
});
