import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** The request whose work the current async call chain is doing (plugins/request-id.ts enters it). */
const currentRequest = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) as the work of request `id`. */
export const runAsRequest = (id: string, work: () => void): void => currentRequest.run(id, work);

/** Runs a job's `work` as the work of the request that queued it (its statements carry that id). */
export const runAsRequestAsync = <T>(id: string, work: () => Promise<T>): Promise<T> => currentRequest.run(id, work);

/**
 * The statement as sent to PostgreSQL: prefixed with `/* request_id=<id> *\/` when a request is doing
 * the work, so `pg_stat_activity.query` (and the server's slow-query log) name the request whose
 * X-Request-Id and log lines they belong to (docs/decisions/0033). The id is one of lib/request-id.ts's
 * shape, which cannot end a comment. Named (prepared-once) statements keep their text: PostgreSQL
 * parses one once per connection and pg refuses a different text under the same name.
 */
function tagged(text: string): string {
  const id = currentRequest.getStore();
  return id === undefined ? text : `/* request_id=${id} */ ${text}`;
}

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown };

const tagConfig = (config: unknown): unknown => {
  if (typeof config === 'string') return tagged(config);
  if (config === null || typeof config !== 'object') return config;
  const query = config as QueryConfigLike;
  // A submittable (COPY streams, cursors) builds its own messages; a named statement keeps its text.
  if (typeof query.submit === 'function' || query.name !== undefined || typeof query.text !== 'string') return config;
  return { ...query, text: tagged(query.text) };
};

/**
 * Makes every statement the pool's connections run carry the request's id as a leading comment. No
 * statement is added, so it costs no round trip; the pool's own calls go through `client.query` too.
 * Install before the pool's first connection.
 */
export function tagStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => query(tagConfig(config), ...rest);
  });
}
