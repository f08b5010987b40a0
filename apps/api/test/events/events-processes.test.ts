import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../helpers/api-process';
import { frameData, openEventStream } from '../helpers/event-stream';
import { scratchPostgresDatabase, testDbKind } from '../helpers/test-database';

/**
 * product.md §8: a change reaches every connected staff member "also when the write happened in another
 * API process". Two real API processes on one PostgreSQL database: a stream opened on one hears the
 * writes made through the other, which only PostgreSQL's NOTIFY can have carried across.
 */
describe.skipIf(testDbKind !== 'postgres')('live events across real processes (PostgreSQL)', () => {
  const scratch = scratchPostgresDatabase('events');
  const children: ChildProcess[] = [];
  let a: ApiProcess;
  let b: ApiProcess;

  const post = async (base: string, path: string, body: object, token?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'api-token': token } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${response.status}`).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };
  const signin = async (base: string) =>
    String(
      (await post(base, '/api/users/signin', { email: 'admin@pult.test', password: 'long enough password' })).apiToken,
    );

  beforeAll(async () => {
    await scratch.create();
    const env = {
      DATABASE_URL: scratch.url,
      ADMIN_EMAIL: 'admin@pult.test',
      ADMIN_PASSWORD: 'long enough password',
    };
    a = await startApiProcess(env);
    children.push(a.child);
    b = await startApiProcess(env);
    children.push(b.child);
    // Starting two real processes took over two minutes on a clean clone at load 20–25: a liveness bound.
  }, 400_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await scratch.drop();
  });

  it('a stream on one process hears the writes made through the other, in order, with the version', async () => {
    const tokenA = await signin(a.url);
    const tokenB = await signin(b.url);
    const onA = await openEventStream(a.url, String((await post(a.url, '/api/events/ticket', {}, tokenA)).ticket));
    const onB = await openEventStream(b.url, String((await post(b.url, '/api/events/ticket', {}, tokenB)).ticket));
    try {
      const note = await post(b.url, '/api/notes', { title: 'Из другого процесса' }, tokenB);
      const patched = await fetch(`${b.url}/api/notes/${String(note.id)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'api-token': tokenB },
        body: JSON.stringify({ title: 'Из другого процесса, 2' }),
      });
      expect(patched.status).toBe(200);
      await onA.until((frames) => frames.length >= 2);
      await onB.until((frames) => frames.length >= 2);
      for (const stream of [onA, onB]) {
        expect(stream.frames.map(frameData)).toEqual([
          expect.objectContaining({ resource: 'note', id: note.id, action: 'create', version: 1 }),
          expect.objectContaining({ resource: 'note', id: note.id, action: 'update', version: 2 }),
        ]);
      }
      // The stream's ids are the revisions' ids, the same whichever process told them (Last-Event-ID works across).
      expect(onA.frames.map((frame) => frame.id)).toEqual(onB.frames.map((frame) => frame.id));
    } finally {
      onA.close();
      onB.close();
    }
  }, 240_000);

  it('presence and the edit lock: a beat on one process reaches a stream on the other; the lock is one for both', async () => {
    const tokenA = await signin(a.url);
    const tokenB = await signin(b.url);
    const onA = await openEventStream(a.url, String((await post(a.url, '/api/events/ticket', {}, tokenA)).ticket));
    const beat = async (base: string, token: string, id: unknown, tab: string) => {
      const response = await fetch(`${base}/api/events/presence/note/${String(id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'api-token': token },
        body: JSON.stringify({ tab, editing: true }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { editor: { tab: string } | null };
    };
    try {
      const note = await post(b.url, '/api/notes', { title: 'Замок двух процессов' }, tokenB);
      // Taken through process B, then asked for through process A by another tab: B's tab keeps it.
      expect((await beat(b.url, tokenB, note.id, 'tab-on-process-b')).editor?.tab).toBe('tab-on-process-b');
      expect((await beat(a.url, tokenA, note.id, 'tab-on-process-a')).editor?.tab).toBe('tab-on-process-b');
      await onA.until((frames) =>
        frames.some((frame) => frame.event === 'presence' && frameData(frame).editor?.tab === 'tab-on-process-b'),
      );
    } finally {
      onA.close();
    }
  }, 240_000);
});
