import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Called with a notification's payload (`pg_notify(channel, payload)`), after the sender's commit. */
export type NotificationHandler = (payload: string) => void;

/**
 * Subscribes to a PostgreSQL notification channel; resolves to the unsubscribe. PostgreSQL delivers
 * a `NOTIFY` only when the transaction that sent it commits, and to every listening process: that is
 * what lets a service's write wake the work it queued, here and in the other processes, without
 * anyone remembering to (docs/decisions/0032).
 */
export type Listen = (
  channel: string,
  handler: NotificationHandler,
  /**
   * Told false when the listening connection is lost (notifications sent from then on are lost too) and
   * true once it listens again: a cache kept fresh by notifications trusts nothing it held across the gap.
   */
  onListening?: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

/** The embedded database: one connection, which PGlite lets the process itself listen on. */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, handler) => {
    const unlisten = await client.listen(channel, handler);
    // Another app sharing this database (tests, a CLI) may have closed it already: nothing is left to end.
    return async () => {
      if (!client.closed) await unlisten().catch(() => undefined);
    };
  };
}

const RECONNECT_MS = 1000;
const quoteChannel = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/**
 * PostgreSQL: one dedicated connection per process holds every LISTEN (a pooled connection would be
 * handed to a query and lose them). When the server drops it, it reconnects after a second and listens
 * again; notifications sent meanwhile are lost, which is why listeners also poll.
 */
export function postgresListener(connectionString: string): { listen: Listen; close(): Promise<void> } {
  const handlers = new Map<string, Set<NotificationHandler>>();
  const watchers = new Set<(listening: boolean) => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, application_name: 'pult-listen' });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      const lost = () => {
        if (client !== next) return;
        client = undefined;
        for (const watcher of watchers) watcher(false);
        connecting = undefined;
        next.end().catch(() => undefined);
        if (!closed && handlers.size > 0) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
      };
      next.on('error', lost);
      next.on('end', lost);
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
      client = next;
      for (const watcher of watchers) watcher(true);
      return next;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  };
  const reconnect = () =>
    connect().catch(() => {
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });

  return {
    async listen(channel, handler, onListening) {
      const known = handlers.get(channel);
      if (onListening) watchers.add(onListening);
      handlers.set(channel, (known ?? new Set()).add(handler));
      // A new connection listens on every channel known by then, this one included.
      if (!client) await connect();
      else if (!known) await client.query(`LISTEN ${quoteChannel(channel)}`);
      return async () => {
        if (onListening) watchers.delete(onListening);
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set?.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quoteChannel(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
