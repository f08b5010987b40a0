import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

/** One statement as the server's code sends it: text and driver-ready parameters. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
}

/**
 * The API's own sources, imported at run time (not followed by the bench's typecheck); BENCH_API_SRC
 * points at another checkout's apps/api/src, to measure a build from before a change.
 */
export const apiSource = (path: string) =>
  new URL(
    path,
    process.env.BENCH_API_SRC
      ? pathToFileURL(`${process.env.BENCH_API_SRC}/`)
      : new URL('../../../apps/api/src/', import.meta.url),
  ).href;

// biome-ignore lint/suspicious/noExplicitAny: modules of another workspace, loaded by URL
export type Loose = any;

export interface StatementRecorder {
  /** Runs `work` with a database whose statements are recorded, and answers them in order. */
  record(work: (db: Loose) => Promise<unknown>): Promise<CapturedStatement[]>;
  /** The API's modules, loaded once. */
  modules: Record<'sessions' | 'users' | 'subscriptions' | 'transactions', Loose>;
  close(): Promise<void>;
}

/**
 * The statements a request runs, captured by calling the server's own functions (session lookup,
 * service) on a Drizzle database with a logger: nothing is re-typed by hand, so when the API's
 * queries change, the raw side of the comparison changes with them.
 */
export async function statementRecorder(databaseUrl: string): Promise<StatementRecorder> {
  const [{ drizzle }, schema, sessions, users, subscriptions, transactions] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import(apiSource('db/schema.ts')),
    import(apiSource('modules/sessions/sessions-repository.ts')),
    import(apiSource('modules/users/users-service.ts')),
    import(apiSource('modules/subscriptions/subscriptions-service.ts')),
    import(apiSource('modules/transactions/transactions-service.ts')),
  ]);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let sink: CapturedStatement[] | null = null;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text: string, params: unknown[]) => sink?.push({ text, params: [...params] }) },
  });
  return {
    modules: { sessions, users, subscriptions, transactions },
    async record(work) {
      sink = [];
      try {
        await work(db);
        return sink;
      } finally {
        sink = null;
      }
    },
    close: () => pool.end(),
  };
}

export const benchDir = fileURLToPath(new URL('../..', import.meta.url));
