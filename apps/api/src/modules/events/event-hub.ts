import { type LiveEvent, liveResourceRoles, type Role } from '@pult/contract';
import type { Listen } from '../../db/notifications';
import { EVENTS_CHANNEL } from '../revisions';
import { PRESENCE_CHANNEL } from './presence-repository';

/** A change as the channel carries it: the event, and its revision's id (the stream's `id:`). */
export interface SequencedEvent extends LiveEvent {
  seq: number;
}

/** One open stream: the role it may see, and how to write to it. */
export interface StreamClient {
  role: Role;
  write(chunk: string): void;
  end(): void;
}

/** What a stream receives for one change: its id for Last-Event-ID, and the event. */
export const eventFrame = ({ seq, ...event }: SequencedEvent) => `id: ${seq}\ndata: ${JSON.stringify(event)}\n\n`;

/** Whether a role may hear of a change to this kind of record. */
export const mayHear = (role: Role, resource: LiveEvent['resource']) =>
  (liveResourceRoles[resource] ?? []).includes(role);

/**
 * The process's fan-out of live changes (docs/decisions/0036): ONE listener on each of the database's channels,
 * whatever the number of streams, and each notification written to every open stream whose role may see
 * it, from memory. A change thus costs no query per connected client; PostgreSQL delivers the
 * notification at commit to every process, so a change made behind another process arrives too.
 */
export function createEventHub(listen: Listen, options: { heartbeatMs: number; isDraining: () => boolean }) {
  const clients = new Set<StreamClient>();
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let sinceBeat = 0;

  const deliver = (payload: string) => {
    let event: SequencedEvent;
    try {
      event = JSON.parse(payload) as SequencedEvent;
    } catch {
      return;
    }
    const frame = eventFrame(event);
    for (const client of clients) if (mayHear(client.role, event.resource)) client.write(frame);
  };

  /**
   * A record's presence changed (docs/decisions/0043): `event: presence`, without an id (presence is not
   * replayed after a reconnect; the tab's next heartbeat answers the state), to the roles that may see it.
   */
  const deliverPresence = (payload: string) => {
    let presence: { resource: LiveEvent['resource'] };
    try {
      presence = JSON.parse(payload) as { resource: LiveEvent['resource'] };
    } catch {
      return;
    }
    const frame = `event: presence\ndata: ${payload}\n\n`;
    for (const client of clients) if (mayHear(client.role, presence.resource)) client.write(frame);
  };

  const endAll = () => {
    for (const client of clients) client.end();
    clients.clear();
  };

  return {
    async start() {
      const unlistenEvents = await listen(EVENTS_CHANNEL, deliver);
      const unlistenPresence = await listen(PRESENCE_CHANNEL, deliverPresence);
      unlisten = async () => {
        await unlistenEvents();
        await unlistenPresence();
      };
      // One timer for the process: a comment line keeps proxies from closing quiet streams, and a drain
      // ends every stream at once (the clients reconnect to another process) instead of holding it 10 s.
      timer = setInterval(
        () => {
          if (options.isDraining()) return endAll();
          sinceBeat += 1000;
          if (sinceBeat < options.heartbeatMs) return;
          sinceBeat = 0;
          for (const client of clients) client.write(': ping\n\n');
        },
        Math.min(1000, options.heartbeatMs),
      );
      timer.unref();
    },
    add(client: StreamClient) {
      clients.add(client);
      return () => clients.delete(client);
    },
    get size() {
      return clients.size;
    },
    async stop() {
      if (timer) clearInterval(timer);
      endAll();
      await unlisten?.();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
