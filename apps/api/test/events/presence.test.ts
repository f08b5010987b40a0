import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { presenceService } from '../../src/modules/events';
import { type Frame, frameData, openEventStream } from '../helpers/event-stream';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const people = { admin: ['Ирина', 'Петрова'], editor: ['Олег', 'Смирнов'], editor2: ['Анна', 'Козлова'] } as const;
  for (const [key, role] of [
    ['admin', 'admin'],
    ['editor', 'editor'],
    ['editor2', 'editor'],
    ['user', 'user'],
  ] as const) {
    ids[key] = await t.createUser({ email: `${key}@pult.test`, role });
    const name = people[key as keyof typeof people];
    if (name)
      await t.database.db
        .update(users)
        .set({ firstName: name[0], lastName: name[1] })
        .where(eq(users.id, ids[key] ?? 0));
    tokens[key] = (await t.signin(`${key}@pult.test`)).apiToken;
  }
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, who = 'admin', headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { 'api-token': tokens[who] ?? '', ...headers } });
const beat = (who: string, path: string, body: object) => call('PUT', `/api/events/presence/${path}`, body, who);
const tabOf = (who: string, n = 1) => `${who}-tab-${n}-abcdef`;

const ticketFor = async (who: string) =>
  (await call('POST', '/api/events/ticket', undefined, who)).json().ticket as string;
const presences = (frames: Frame[]) => frames.filter((frame) => frame.event === 'presence').map(frameData);

describe('presence and edit locks', () => {
  it('takes, renews, keeps from others, expires and is taken over; a save after losing it still meets If-Match', async () => {
    const note = (await call('POST', '/api/notes', { title: 'Замок' }, 'editor')).json();
    const path = `note/${note.id}`;
    const first = await beat('admin', path, { tab: tabOf('admin'), editing: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      resource: 'note',
      id: note.id,
      editor: { id: ids.admin, name: 'Ирина Петрова', tab: tabOf('admin') },
      viewers: [{ id: ids.admin, name: 'Ирина Петрова' }],
    });
    // Another person opens the form: the lock stays with its holder, and both are seen.
    const second = (await beat('editor', path, { tab: tabOf('editor'), editing: true })).json();
    expect(second.editor).toMatchObject({ id: ids.admin, tab: tabOf('admin') });
    expect(second.viewers.map((viewer: { id: number }) => viewer.id)).toEqual([ids.admin, ids.editor]);
    // The holder's heartbeat renews it and keeps its start.
    t.clock.advance(20_000);
    const renewed = (await beat('admin', path, { tab: tabOf('admin'), editing: true })).json();
    expect(renewed.editor).toMatchObject({ id: ids.admin, since: first.json().editor.since });
    expect(renewed.seq).toBeGreaterThan(first.json().seq);
    // The same person's second tab is a second presence, not the lock's holder.
    const otherTab = (await beat('admin', path, { tab: tabOf('admin', 2), editing: true })).json();
    expect(otherTab.editor.tab).toBe(tabOf('admin'));
    // No heartbeat for 30 s: the lock and the presence lapse, and the next tab takes it.
    t.clock.advance(31_000);
    const lapsed = (await beat('editor', path, { tab: tabOf('editor'), editing: true })).json();
    expect(lapsed.editor).toMatchObject({ id: ids.editor, name: 'Олег Смирнов' });
    expect(lapsed.viewers.map((viewer: { id: number }) => viewer.id)).toEqual([ids.editor]);
    // The old holder comes back: the lock is not silently handed back; a take-over takes it.
    expect((await beat('admin', path, { tab: tabOf('admin'), editing: true })).json().editor.id).toBe(ids.editor);
    const taken = (await beat('admin', path, { tab: tabOf('admin'), editing: true, takeOver: true })).json();
    expect(taken.editor).toMatchObject({ id: ids.admin, tab: tabOf('admin') });
    // The editor lost the lock and saves anyway over the version it opened: If-Match still decides.
    expect((await call('PATCH', `/api/notes/${note.id}`, { title: 'Замок админа' }, 'admin')).statusCode).toBe(200);
    const stale = await call('PATCH', `/api/notes/${note.id}`, { title: 'Замок редактора' }, 'editor', {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('STALE_VERSION');
    // Closing the form (not editing) lets go; leaving the record removes the presence.
    const stopped = (await beat('admin', path, { tab: tabOf('admin'), editing: false })).json();
    expect(stopped.editor).toBeNull();
    const left = await call('DELETE', `/api/events/presence/${path}?tab=${tabOf('admin')}`, undefined, 'admin');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().viewers.map((viewer: { id: number }) => viewer.id)).toEqual(
      [ids.admin, ids.editor].filter((id) => id !== ids.admin),
    );
  });

  it('of two tabs taking a free lock at once, exactly one gets it', async () => {
    const note = (await call('POST', '/api/notes', { title: 'Гонка' }, 'editor')).json();
    const answers = await Promise.all(
      ['admin', 'editor', 'editor2'].map((who) => beat(who, `note/${note.id}`, { tab: tabOf(who, 7), editing: true })),
    );
    const holders = new Set(answers.map((answer) => answer.json().editor.id));
    expect(holders.size).toBe(1);
    const final = (await beat('editor', `note/${note.id}`, { tab: tabOf('editor', 7), editing: false })).json();
    expect(final.viewers).toHaveLength(3);
  });

  it('announces changes on the stream to the roles that may see the record, and the sweep of expired tabs', async () => {
    const editorStream = await openEventStream(base, await ticketFor('editor'));
    const adminStream = await openEventStream(base, await ticketFor('admin'));
    const note = (await call('POST', '/api/notes', { title: 'Присутствие' }, 'admin')).json();
    await beat('admin', 'settings/1', { tab: tabOf('admin', 3), editing: true });
    await beat('admin', `note/${note.id}`, { tab: tabOf('admin', 3), editing: true });
    // A heartbeat that changes nothing announces nothing.
    await beat('admin', `note/${note.id}`, { tab: tabOf('admin', 3), editing: true });
    const onNote = (frames: Frame[]) => presences(frames).filter((event) => event.id === note.id);
    await editorStream.until((frames) => onNote(frames).length >= 1);
    await adminStream.until((frames) => presences(frames).some((event) => event.resource === 'settings'));
    await adminStream.until((frames) => onNote(frames).length >= 1);
    expect(onNote(editorStream.frames)[0]).toMatchObject({
      resource: 'note',
      editor: { id: ids.admin, name: 'Ирина Петрова' },
    });
    expect(
      editorStream.frames.filter((frame) => frame.event === 'presence').every((frame) => frame.id === undefined),
    ).toBe(true);
    // Settings are admin-only: the editor never hears of who is on them.
    expect(presences(editorStream.frames).some((event) => event.resource === 'settings')).toBe(false);
    // The tab goes away without a word: the sweep announces it once it has expired.
    t.clock.advance(31_000);
    await presenceService.sweep(t.database.db, t.clock.now());
    await editorStream.until((frames) => onNote(frames).some((event) => event.editor === null));
    expect(onNote(editorStream.frames).at(-1)).toMatchObject({ editor: null, viewers: [] });
    expect(onNote(editorStream.frames)).toHaveLength(2);
    editorStream.close();
    adminStream.close();
  });

  it('lets each role do only what it may, and refuses bad input', async () => {
    const note = (await call('POST', '/api/notes', { title: 'Права' }, 'editor')).json();
    // An editor may be seen on a user but not lock one (editors cannot save users), nor be on the settings.
    expect((await beat('editor', `user/${ids.user}`, { tab: tabOf('editor', 4), editing: false })).statusCode).toBe(
      200,
    );
    expect((await beat('editor', `user/${ids.user}`, { tab: tabOf('editor', 4), editing: true })).statusCode).toBe(403);
    expect((await beat('editor', 'settings/1', { tab: tabOf('editor', 4), editing: false })).statusCode).toBe(403);
    expect((await beat('admin', `user/${ids.user}`, { tab: tabOf('admin', 4), editing: true })).statusCode).toBe(200);
    // Not staff, or no token.
    expect((await beat('user', `note/${note.id}`, { tab: tabOf('user'), editing: false })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/events/presence/note/${note.id}`,
      payload: { tab: tabOf('x'), editing: false },
    });
    expect(anonymous.statusCode).toBe(401);
    // A record that does not exist, the settings' only id being 1.
    expect((await beat('admin', 'note/999999', { tab: tabOf('admin', 4), editing: false })).statusCode).toBe(404);
    expect((await beat('admin', 'settings/2', { tab: tabOf('admin', 4), editing: false })).statusCode).toBe(404);
    // Bad input: an unknown kind, an id, a tab, an unknown field, a missing flag.
    for (const [path, body] of [
      [`audit/${note.id}`, { tab: tabOf('admin'), editing: false }],
      ['note/0', { tab: tabOf('admin'), editing: false }],
      ['note/abc', { tab: tabOf('admin'), editing: false }],
      [`note/${note.id}`, { tab: 'short', editing: false }],
      [`note/${note.id}`, { tab: 'has space in it', editing: false }],
      [`note/${note.id}`, { tab: tabOf('admin'), editing: false, extra: 1 }],
      [`note/${note.id}`, { tab: tabOf('admin') }],
      [`note/${note.id}`, { tab: tabOf('admin'), editing: 'yes' }],
    ] as const) {
      const response = await beat('admin', path, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await call('DELETE', `/api/events/presence/note/${note.id}`, undefined, 'admin')).statusCode).toBe(400);
    // Another person's tab id does not make one theirs: the row stays the first person's.
    await beat('editor', `note/${note.id}`, { tab: 'shared-tab-id-123', editing: true });
    const intruder = (await beat('editor2', `note/${note.id}`, { tab: 'shared-tab-id-123', editing: true })).json();
    expect(intruder.editor.id).toBe(ids.editor);
    await call('DELETE', `/api/events/presence/note/${note.id}?tab=shared-tab-id-123`, undefined, 'editor2');
    const after = (await beat('editor', `note/${note.id}`, { tab: 'shared-tab-id-123', editing: true })).json();
    expect(after.editor.id).toBe(ids.editor);
  });
});
