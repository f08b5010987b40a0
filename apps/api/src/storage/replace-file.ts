import type { AuditAction, AuditEntity } from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { ServiceContext } from '../lib/service-context';
import { staleVersion } from '../lib/versions';
import type { CheckedImage } from './read-upload';
import type { Storage } from './storage';

type StorageDeps = { storage: Storage; log: FastifyBaseLogger };

/** A stored path Pult owns (a full URL was set from outside and is not ours to delete). */
const isOwnKey = (path: string | null): path is string => Boolean(path) && !/^https?:\/\//.test(path ?? '');

/**
 * Stores an uploaded file and points a row at it: the file goes in first, then `save` records it
 * (and its audit event) in one transaction and says which file it replaced. If `save` fails the
 * new file is removed, so a failed request leaves nothing behind; once it committed, the old file
 * is removed, and a removal that fails is only logged, since the row is already right.
 */
export async function replaceStoredFile<T>(
  deps: StorageDeps,
  file: CheckedImage,
  save: (key: string) => Promise<{ result: T; previous: string | null }>,
): Promise<T> {
  await deps.storage.put(file.key, file.bytes, file.kind.contentType);
  let saved: { result: T; previous: string | null };
  try {
    saved = await save(file.key);
  } catch (error) {
    await deps.storage
      .delete(file.key)
      .catch((cleanup: unknown) => deps.log.warn({ err: cleanup }, 'new file not removed'));
    throw error;
  }
  if (saved.previous !== file.key) await removeStoredFile(deps, saved.previous);
  return saved.result;
}

/**
 * Removes a file nothing points at any more, once the change that dropped it has committed. A full
 * URL is left alone, and a failed removal is only logged: the row is already right.
 */
export async function removeStoredFile(deps: StorageDeps, path: string | null): Promise<void> {
  if (!isOwnKey(path)) return;
  await deps.storage
    .delete(path)
    .catch((error: unknown) => deps.log.warn({ err: error, path }, 'old file not removed'));
}

/** A row with one file column (a user's avatar, a plan's icon), and how to lock and update it. */
export interface FileColumn<Row, C extends AuditAction> {
  entity: AuditEntity;
  id: number;
  /** The column, and the audit action recorded for the change. */
  column: C;
  /** The module's repository: its row locked for the transaction, and its update (undefined: no such row). */
  repo: {
    lock(tx: Db, id: number): Promise<(Row & Record<C, string | null>) | undefined>;
    update(
      tx: Db,
      id: number,
      changes: Record<C, string> & { updatedAt: Date },
      expected?: number,
    ): Promise<Row | undefined>;
  };
  notFound: () => Error;
  /**
   * A versioned record (docs/decisions/0036): how it is answered, for the 412 of a stale If-Match;
   * the update is then asked for the caller's version.
   */
  answer?: (row: Row) => { version: number };
}

/**
 * `replaceStoredFile` for a file column: locks the row, points the column at the new file and
 * records the audit event (old and new path) in one transaction.
 */
export const replaceFileColumn = <Row, C extends AuditAction>(
  ctx: ServiceContext,
  file: CheckedImage,
  target: FileColumn<Row, C>,
): Promise<Row> =>
  replaceStoredFile(ctx, file, (key) =>
    ctx.db.transaction(async (tx) => {
      const before = await target.repo.lock(tx, target.id);
      if (!before) throw target.notFound();
      const changes = { [target.column]: key, updatedAt: ctx.clock.now() } as Record<C, string> & { updatedAt: Date };
      const row = await target.repo.update(tx, target.id, changes, target.answer ? ctx.ifMatch : undefined);
      // The row is locked: an update that matched nothing was asked for a version it no longer has.
      if (!row) throw target.answer ? staleVersion(target.answer(before)) : target.notFound();
      const { column, entity, id } = target;
      const previous = before[column];
      await ctx.audit(
        { action: column, entity, entityId: id, before: { [column]: previous }, after: { [column]: key } },
        tx,
      );
      return { result: row, previous };
    }),
  );
