import type { Database } from '../../src/db/client';

/** Raw SQL on one database session, for what must see the same session (a transaction, a setting). */
export interface Session {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  release(): void;
}

/** One pooled connection on PostgreSQL; PGlite is one session anyway. */
export async function openSession(database: Database): Promise<Session> {
  if (database.pool) {
    const client = await database.pool.connect();
    return {
      query: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
      release: () => client.release(),
    };
  }
  const pglite = (
    database.db as unknown as { $client: { query<T>(text: string, values?: unknown[]): Promise<{ rows: T[] }> } }
  ).$client;
  return {
    query: async <T>(text: string, values?: unknown[]) => (await pglite.query<T>(text, values)).rows,
    release: () => {},
  };
}
