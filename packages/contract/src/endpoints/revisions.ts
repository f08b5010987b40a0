import type { ZodType } from 'zod';
import { idParam } from '../common';
import { type Access, defineEndpoint } from '../endpoint';
import { revisionParams, revisionsPage } from '../versions';

interface HistoryOf<P extends string> {
  /** The record's path: `/notes/:id`. */
  path: P;
  /** The record's kind in operation ids: `Note` → `listNoteRevisions`. */
  name: string;
  tag: string;
  access: Access;
  /** Who may restore, when fewer than those who may read (users: admins). */
  restoreAccess?: Access;
  /** What the restore answers: the record. */
  record: ZodType;
  /** The rules a restore may break, as statuses (a taken title: 409). */
  restoreErrors: readonly (400 | 403 | 404 | 409 | 412)[];
}

/**
 * The two history endpoints of a versioned record (docs/decisions/0036), the same on every record:
 * `GET <path>/revisions` and `POST <path>/revisions/:revisionId/restore`.
 */
export const historyEndpoints = <const P extends string>(of: HistoryOf<P>) => ({
  revisions: defineEndpoint({
    method: 'GET',
    path: `${of.path}/revisions` as `${P}/revisions`,
    operationId: `list${of.name}Revisions`,
    summary: `The ${of.name.toLowerCase()}'s history, newest first: who changed which fields, from what to what`,
    description: 'Secrets (password hashes, tokens) are never kept in a revision.',
    tag: of.tag,
    access: of.access,
    params: idParam,
    response: revisionsPage,
    errors: [404],
  }),
  restoreRevision: defineEndpoint({
    method: 'POST',
    path: `${of.path}/revisions/:revisionId/restore` as `${P}/revisions/:revisionId/restore`,
    operationId: `restore${of.name}Revision`,
    summary: `Bring the ${of.name.toLowerCase()} back to its state right after a revision (a new revision)`,
    description:
      "The restore goes through the record's own rules: one that would break a rule (a title now taken) is " +
      "refused with that rule's code. Honours `If-Match`.",
    tag: of.tag,
    access: of.restoreAccess ?? of.access,
    params: revisionParams,
    response: of.record,
    errors: of.restoreErrors,
    versioned: true,
  }),
});
