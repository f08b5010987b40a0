/** Runs one SQL statement on its own (autocommit) and returns its rows; each engine supplies it. */
export type RunStatement = <T>(text: string) => Promise<T[]>;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Validates the constraints a migration added NOT VALID, each in its own transaction.
 *
 * Drizzle applies all pending migrations in one transaction, so a CHECK added there with a full scan
 * would keep its table under an ACCESS EXCLUSIVE lock (no reads, no writes) until the commit: on
 * 10 M promo codes, seconds of a stopped API. A migration therefore adds big tables' checks NOT VALID
 * (new and updated rows are checked at once) and this proves the existing rows afterwards under a
 * SHARE UPDATE EXCLUSIVE lock, which lets reads and writes go on (docs/decisions/0014).
 * Already validated constraints are skipped, so calling it at every start costs one catalog query.
 * A row that breaks a rule stops the start with the constraint's name: the data needs fixing first.
 */
export async function validatePendingConstraints(run: RunStatement): Promise<string[]> {
  const pending = await run<{ table: string; name: string }>(
    `SELECT t.relname AS "table", c.conname AS name
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE NOT c.convalidated AND n.nspname = current_schema()
      ORDER BY t.relname, c.conname`,
  );
  for (const { table, name } of pending) {
    try {
      await run(`ALTER TABLE ${quoteIdent(table)} VALIDATE CONSTRAINT ${quoteIdent(name)}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Existing rows of ${table} break the rule ${name}; correct them and start again (${reason})`, {
        cause: error,
      });
    }
  }
  return pending.map(({ table, name }) => `${table}.${name}`);
}
