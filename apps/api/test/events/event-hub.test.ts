import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Listen, NotificationHandler } from '../../src/db/notifications';
import { createEventHub } from '../../src/modules/events/event-hub';
import { PRESENCE_CHANNEL } from '../../src/modules/events/presence-repository';
import { EVENTS_CHANNEL } from '../../src/modules/revisions';

afterEach(() => {
  vi.useRealTimers();
});

/** A hub over a fake channel: `send` is what a commit's pg_notify would deliver. */
function hubWithFakeChannel(options: { draining?: () => boolean } = {}) {
  // One handler per channel, as PostgreSQL's LISTEN keeps them: the hub listens on the changes' channel
  // and on presence's, and a notification reaches only its own channel's handler.
  const handlers = new Map<string, NotificationHandler>();
  const listen: Listen = async (channel, next) => {
    handlers.set(channel, next);
    return async () => {
      handlers.delete(channel);
    };
  };
  const hub = createEventHub(listen, { heartbeatMs: 15_000, isDraining: options.draining ?? (() => false) });
  const stream = (role: 'admin' | 'editor') => {
    const chunks: string[] = [];
    let ended = false;
    hub.add({ role, write: (chunk) => chunks.push(chunk), end: () => (ended = true) });
    return { chunks, ended: () => ended };
  };
  const notify = (channel: string, payload: object) => handlers.get(channel)?.(JSON.stringify(payload));
  return {
    hub,
    stream,
    send: (payload: object) => notify(EVENTS_CHANNEL, payload),
    sendPresence: (payload: object) => notify(PRESENCE_CHANNEL, payload),
  };
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

  it('writes a presence change as an event without an id, to the roles that may see the record', async () => {
    const { hub, stream, sendPresence } = hubWithFakeChannel();
    await hub.start();
    const admin = stream('admin');
    const editor = stream('editor');
    sendPresence({ resource: 'note', id: 1, viewers: [] });
    sendPresence({ resource: 'settings', id: 1, viewers: [] });
    expect(editor.chunks).toEqual(['event: presence\ndata: {"resource":"note","id":1,"viewers":[]}\n\n']);
    expect(admin.chunks).toHaveLength(2);
    await hub.stop();
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
