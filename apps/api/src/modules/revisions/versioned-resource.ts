import type { AuditEntity, LiveResource } from '@pult/contract';
import type { Db } from '../../db/client';
import type { HttpError } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';

/** A record's fields as its history keeps them: JSON values, never a secret. */
export type RecordState = Record<string, unknown>;

/**
 * A kind of record whose changes are versioned, kept in its history and announced live, declared by its
 * module (`PultModule.versioned`, docs/decisions/0036). Every audited change of such a record (its audit
 * entity is `resource`) becomes a revision in the same transaction: nothing else has to remember it.
 */
export interface VersionedResource {
  resource: LiveResource & AuditEntity;
  /**
   * The record as history keeps it, read inside the write's transaction: its version and the fields a
   * person edits. A field that is a secret (a password hash, a token) is simply never listed here.
   */
  read(db: Db, id: number): Promise<{ version: number; state: RecordState } | undefined>;
  /** The module's "not found", for the history of a record that does not exist. */
  notFound(): HttpError;
  /**
   * Brings the record back to a kept state through the module's own rules, so a restore that would break
   * one (a title now taken) is refused with that rule's answer. Answers the record.
   */
  restore(ctx: ServiceContext, id: number, state: RecordState): Promise<unknown>;
}
