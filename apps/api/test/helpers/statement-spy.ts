import type { Database } from '../../src/db/client';

type Query = (...args: unknown[]) => unknown;

const textOf = (config: unknown): string =>
  typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '');

/**
 * Records the text of every statement the app sends outside a transaction, at the driver (the pool's
 * `query` on PostgreSQL, the PGlite instance's `query`/`exec`): what a request costs in round trips,
 * whichever code sent them. Restore with `stop()`.
 */
export function spyOnStatements(database: Database): { statements: string[]; stop(): void } {
  const statements: string[] = [];
  const target = (database.pool ?? (database.db as unknown as { $client: object }).$client) as Record<string, Query>;
  const names = database.pool ? ['query'] : ['query', 'exec'];
  const originals = names.map((name) => [name, target[name]] as const);
  for (const [name, original] of originals) {
    if (!original) continue;
    target[name] = (...args: unknown[]) => {
      statements.push(textOf(args[0]));
      return original.apply(target, args);
    };
  }
  return {
    statements,
    stop() {
      for (const [name, original] of originals) target[name] = original as Query;
    },
  };
}
