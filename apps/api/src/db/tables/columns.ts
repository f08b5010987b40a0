import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every time is a timestamptz read as a Date. */
export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A CHECK that a column holds one of the contract's values (the database keeps the rule too). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} IN (${sql.join(
    values.map((value) => sql.raw(`'${value}'`)),
    sql`, `,
  )})`;

/**
 * A record's version: 1 when created, one more at each write of its content (lib/versions.ts bumps it
 * in the write's own UPDATE). Answered as the ETag; a write with a stale If-Match matches no row.
 */
export const version = () => integer('version').notNull().default(1);
