import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Listen, NotificationHandler } from '../../src/db/notifications';
import { createEventHub } from '../../src/modules/events/event-hub';

afterEach(() => {
  vi.useRealTimers();
});

/** A hub over a fake channel: `send` is what a commit's pg_notify would deliver. */
function hubWithFakeChannel(options: { draining?: () => boolean } = {}) {
  let handler: NotificationHandler = () => undefined;
  const listen: Listen = async (_channel, next) => {
    handler = next;
    return async () => undefined;
  };
  const hub = createEventHub(listen, { heartbeatMs: 15_000, isDraining: options.draining ?? (() => false) });
  const stream = (role: 'admin' | 'editor') => {
    const chunks: string[] = [];
    let ended = false;
    hub.add({ role, write: (chunk) => chunks.push(chunk), end: () => (ended = true) });
    return { chunks, ended: () => ended };
  };
  return { hub, stream, send: (payload: object) => handler(JSON.stringify(payload)) };
}

describe('the event hub', () => {
  it('writes each change to the streams whose role may see it, from one listener', async () => {
    const { hub, stream, send } = hubWithFakeChannel();
    await hub.start();
    const admin = stream('admin');
    const editor = stream('editor');
    send({ seq: 5, resource: 'note', id: 1, action: 'update', version: 2, actor: null });
    send({ seq: 6, resource: 'settings', id: 1, action: 'update', version: 3, actor: null });
    expect(admin.chunks).toHaveLength(2);
    expect(editor.chunks).toEqual([
      'id: 5\ndata: {"resource":"note","id":1,"action":"update","version":2,"actor":null}\n\n',
    ]);
    await hub.stop();
    expect(admin.ended() && editor.ended()).toBe(true);
  });

  it('sends a heartbeat comment every 15 s, and ends every stream when the server drains', async () => {
    vi.useFakeTimers();
    let draining = false;
    const { hub, stream } = hubWithFakeChannel({ draining: () => draining });
    await hub.start();
    const quiet = stream('editor');
    vi.advanceTimersByTime(14_000);
    expect(quiet.chunks).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(quiet.chunks).toEqual([': ping\n\n']);
    draining = true;
    vi.advanceTimersByTime(1_000);
    expect(quiet.ended()).toBe(true);
    expect(hub.size).toBe(0);
    await hub.stop();
  });
});
