import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameData, openEventStream } from '../helpers/event-stream';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let base: string;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, role = 'admin') =>
  t.app.inject({ method, url, payload, headers: { 'api-token': tokens[role] ?? '' } });

const ticketFor = async (role: string) => {
  const response = await call('POST', '/api/events/ticket', undefined, role);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ticket as string;
};

const open = (ticket: string, headers: Record<string, string> = {}, query = '') =>
  openEventStream(base, ticket, headers, query);
const data = frameData;

describe('live events', () => {
  it('opens with a ticket once; a used, unknown or expired ticket is 401; only staff take one', async () => {
    const ticket = await ticketFor('editor');
    const stream = await open(ticket);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    stream.close();
    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe('EVENT_TICKET_INVALID');
    expect((await fetch(`${base}/api/events?ticket=nothing`)).status).toBe(401);
    const late = await ticketFor('editor');
    t.clock.advance(61_000);
    expect((await fetch(`${base}/api/events?ticket=${late}`)).status).toBe(401);
    expect((await call('POST', '/api/events/ticket', undefined, 'user')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
    expect((await fetch(`${base}/api/events`)).status).toBe(400);
  });

  it('tells each stream of the changes its role may see, after commit, with actor and version', async () => {
    const editor = await open(await ticketFor('editor'));
    const admin = await open(await ticketFor('admin'));
    const note = (await call('POST', '/api/notes', { title: 'Живая' }, 'editor')).json();
    await call('PATCH', `/api/notes/${note.id}`, { title: 'Живая 2' }, 'admin');
    // Settings are admin-only: the editor's stream never hears of them.
    expect((await call('PATCH', '/api/common/settings', { projectName: 'Пульт live' })).statusCode).toBe(200);
    await call('PATCH', `/api/notes/${note.id}`, { title: 'Живая 3' }, 'admin');
    await admin.until((frames) => frames.length >= 4);
    await editor.until((frames) => frames.length >= 3);
    expect(admin.frames.map(data).map((event) => `${event.resource}:${event.action}`)).toEqual([
      'note:create',
      'note:update',
      'settings:update',
      'note:update',
    ]);
    expect(editor.frames.map(data).map((event) => event.resource)).toEqual(['note', 'note', 'note']);
    expect(data(editor.frames[1] ?? {})).toEqual({
      resource: 'note',
      id: note.id,
      action: 'update',
      version: 2,
      actor: { id: expect.any(Number), name: 'admin@pult.test' },
    });
    // A refused write (a stale If-Match) announces nothing: only what committed is told.
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/notes/${note.id}`,
      payload: { title: 'нет' },
      headers: { 'api-token': tokens.admin ?? '', 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    await call('PATCH', `/api/notes/${note.id}`, { title: 'Живая 4' }, 'admin');
    await editor.until((frames) => frames.length >= 4);
    expect(data(editor.frames[3] ?? {})).toMatchObject({ version: 4 });
    editor.close();
    admin.close();
  });

  it('catches up from Last-Event-ID after a reconnect, with what the role may see only', async () => {
    const first = await open(await ticketFor('editor'));
    const note = (await call('POST', '/api/notes', { title: 'Пропущенная' }, 'editor')).json();
    await first.until((frames) => frames.length >= 1);
    const lastId = first.frames[0]?.id ?? '';
    first.close();
    await call('PATCH', `/api/notes/${note.id}`, { body: 'пока не было связи' }, 'admin');
    await call('PATCH', '/api/common/settings', { projectName: 'Пульт offline' });
    const plan = (
      await call('POST', '/api/subscriptions/desc', {
        title: 'Живой тариф',
        price: 1,
        period: 'month',
        durationDays: 30,
      })
    ).json();
    const second = await open(await ticketFor('editor'), { 'last-event-id': lastId });
    await second.until((frames) => frames.length >= 2);
    expect(second.frames.map(data).map((event) => `${event.resource}:${event.id}:${event.action}`)).toEqual([
      `note:${note.id}:update`,
      `plan:${plan.id}:create`,
    ]);
    expect(Number(second.frames[0]?.id)).toBeGreaterThan(Number(lastId));
    // The query parameter does the same for a new EventSource (which cannot send the header).
    const third = await open(await ticketFor('editor'), {}, `&lastEventId=${lastId}`);
    await third.until((frames) => frames.length >= 2);
    expect(third.frames.map((frame) => frame.id)).toEqual(second.frames.map((frame) => frame.id));
    second.close();
    third.close();
  });
});
