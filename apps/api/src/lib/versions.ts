import { etagOf } from '@pult/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from './http-errors';

/** A table of records staff edit: an id and a version (db/tables/columns.ts `version()`). */
interface VersionedTable {
  id: PgColumn;
  version: PgColumn;
}

/**
 * The WHERE of a write to one record: its id and, when the client sent If-Match, the version it read.
 * The check and the write are one UPDATE, so no other write can land between them; a stale version
 * matches no row (docs/decisions/0036).
 */
export const sameVersion = (table: VersionedTable, id: number, expected: number | undefined): SQL | undefined =>
  and(eq(table.id, id), expected === undefined ? undefined : eq(table.version, expected));

/** The SET part every write of a record's content adds: the next version. */
export const nextVersion = (table: VersionedTable) => ({ version: sql<number>`${table.version} + 1` });

/** 412 STALE_VERSION with the record as it is now (and its ETag), so the client can show what changed. */
export const staleVersion = (current: { version: number }) =>
  new HttpError(
    412,
    'STALE_VERSION',
    'The record was changed since you read it',
    undefined,
    { etag: etagOf(current.version) },
    { current: current as Record<string, unknown> },
  );

/**
 * What a versioned write that matched no row means: the record is gone (the module's 404), or it was
 * changed since the client read it (412 with it as it is now, `current` reads it fresh).
 */
export async function missedWrite(
  current: () => Promise<{ version: number } | undefined>,
  gone: () => HttpError,
): Promise<never> {
  const now = await current();
  throw now ? staleVersion(now) : gone();
}
