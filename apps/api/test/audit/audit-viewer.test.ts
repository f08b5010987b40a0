import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};
let ids: Record<string, number> = {};
const START = Date.parse('2025-03-01T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  ({ ids, tokens } = await t.accounts(['admin', 'editor']));
  // 30 events a day apart: plans by the admin, users by the editor, alternating actions.
  await t.database.db.insert(auditEvents).values(
    Array.from({ length: 30 }, (_, i) => ({
      actorId: i % 2 === 0 ? ids.admin : ids.editor,
      action: i % 3 === 0 ? 'create' : 'update',
      entity: i % 2 === 0 ? 'plan' : 'user',
      entityId: String(i % 5),
      before: { title: `v${i}` },
      after: { title: `v${i + 1}` },
      at: new Date(START + i * 86_400_000),
    })),
  );
});
afterAll(() => t.close());

const list = (query: string, token = tokens.admin) =>
  t.app.inject({ url: `/api/audit-events?${query}`, headers: { 'api-token': token ?? '' } });

describe('the audit log viewer', () => {
  it('pages newest first by cursor, without a count', async () => {
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const response = await list(`take=7&entity=plan${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).not.toHaveProperty('count');
      seen.push(...body.items.map((item: { id: number }) => item.id));
      cursor = body.nextCursor;
      pages++;
    }
    expect(seen).toHaveLength(15);
    expect(pages).toBe(3);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('filters by actor, entity and id, action and date, and names the actor', async () => {
    const byActor = (await list(`actorId=${ids.editor}&entity=user&action=create`)).json().items;
    expect(byActor).toHaveLength(5);
    expect(byActor[0]).toMatchObject({ actorEmail: 'editor@pult.test', entity: 'user', action: 'create' });
    const byEntity = (await list('entity=plan&entityId=0')).json().items;
    expect(byEntity.map((item: { entityId: string }) => item.entityId)).toEqual(['0', '0', '0']);
    const byDate = (await list('entity=plan&from=2025-03-05T00:00:00Z&to=2025-03-10T23:59:59Z')).json().items;
    expect(byDate.map((item: { before: { title: string } }) => item.before.title)).toEqual(['v8', 'v6', 'v4']);
  });

  it('finds the actor by part of the e-mail, in any case', async () => {
    const byEmail = (await list('actorEmail=EDITOR%40pult&take=100')).json().items;
    expect(byEmail).toHaveLength(16); // the 15 above and the editor's sign-in
    expect(new Set(byEmail.map((item: { actorEmail: string }) => item.actorEmail))).toEqual(
      new Set(['editor@pult.test']),
    );
    // LIKE's wildcards are only characters here.
    expect((await list('actorEmail=%25')).json().items).toEqual([]);
    expect((await list('actorEmail=nobody')).json()).toEqual({ items: [], nextCursor: null });
  });

  it('finds every event one request wrote, by the X-Request-Id of its answer', async () => {
    // A bulk action writes an event per user, all with the request's id.
    const created = await Promise.all(
      ['bulk-a', 'bulk-b'].map((name) => t.createUser({ email: `${name}@pult.test`, role: 'user' })),
    );
    const id = 'bulk-block-7f3a';
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk',
      headers: { 'api-token': tokens.admin ?? '', 'x-request-id': id },
      payload: { action: 'block', ids: created },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const items = (await list(`requestId=${id}`)).json().items;
    expect(items.map((item: { entityId: string }) => Number(item.entityId)).sort()).toEqual([...created].sort());
    for (const item of items) expect(item).toMatchObject({ requestId: id, actorEmail: 'admin@pult.test' });
    // Events written without a request id (the seeded ones) answer null, and no other request matches.
    expect((await list('entity=plan&take=1')).json().items[0].requestId).toBeNull();
    expect((await list('requestId=no-such-request')).json()).toEqual({ items: [], nextCursor: null });
    // Only an id's shape: it is compared, never interpreted, but a wrong one is refused at the edge.
    for (const bad of ['has%20space', 'x*%2F', `${'a'.repeat(129)}`, '%00'])
      expect((await list(`requestId=${bad}`)).statusCode, bad).toBe(400);
  });

  it('refuses malformed filters', async () => {
    for (const query of [
      'actorId=abc',
      'entity=Not%20Kebab',
      'from=yesterday',
      'cursor=-1',
      'take=1000',
      'colour=red',
    ]) {
      const response = await list(query);
      expect([400, 200], query).toContain(response.statusCode);
      if (query !== 'colour=red') expect(response.statusCode, query).toBe(400);
    }
  });

  it('exports the filtered events as CSV, and records the export', async () => {
    const response = await t.app.inject({
      url: `/api/audit-events/export?actorId=${ids.admin}&entity=plan`,
      headers: { 'api-token': tokens.admin ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    // In Russian unless asked otherwise: the header, the action and the entity as the viewer names them.
    expect(lines[0]).toBe('Id;Когда;Id автора;Кто;Действие;Объект;Id объекта;IP;До;После');
    expect(lines).toHaveLength(16);
    expect(lines[1]).toContain('admin@pult.test');
    expect(lines.slice(1).every((line) => line.includes(';Тариф;'))).toBe(true);
    expect(lines.some((line) => line.includes(';Создание;Тариф;'))).toBe(true);
    const exported = (await list('entity=audit-event&action=export')).json().items;
    expect(exported[0].after).toEqual({ filters: { actorId: ids.admin, entity: 'plan' } });
  });

  it('exports in the language asked for, and refuses one it does not speak', async () => {
    const csv = (lang: string) =>
      t.app.inject({
        url: `/api/audit-events/export?entity=user&action=create&lang=${lang}`,
        headers: { 'api-token': tokens.admin ?? '' },
      });
    const english = (await csv('en')).body.trim().split('\r\n');
    expect(english[0]).toBe('Id;When;Actor id;Actor;Action;Object;Object id;IP;Before;After');
    expect(english.slice(1).every((line) => line.includes(';Created;User;'))).toBe(true);
    expect((await csv('ja')).body).toContain(';作成;ユーザー;');
    expect((await csv('de')).statusCode).toBe(400);
  });

  it('is admin only', async () => {
    expect((await list('', tokens.editor)).statusCode).toBe(403);
    const exported = await t.app.inject({
      url: '/api/audit-events/export',
      headers: { 'api-token': tokens.editor ?? '' },
    });
    expect(exported.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/audit-events/export' })).statusCode).toBe(401);
  });
});
