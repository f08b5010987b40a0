import { type ZodType, z } from 'zod';
import { dbId, idParam } from '../common';
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

interface SingletonHistoryOf<P extends string> extends Omit<HistoryOf<P>, 'restoreAccess'> {
  /** How the summaries name it: `the settings`. */
  noun: string;
}

/**
 * The history of a record there is one of, whose path has no id (the settings, `/common/settings`):
 * `GET <path>/revisions` and `POST <path>/revisions/:revisionId/restore`, answered as `historyEndpoints`'.
 */
export const singletonHistoryEndpoints = <const P extends string>(of: SingletonHistoryOf<P>) => ({
  revisions: defineEndpoint({
    method: 'GET',
    path: `${of.path}/revisions` as `${P}/revisions`,
    operationId: `list${of.name}Revisions`,
    summary: `The history of ${of.noun}, newest first: who changed which fields, from what to what`,
    description: 'Secrets (password hashes, tokens) are never kept in a revision.',
    tag: of.tag,
    access: of.access,
    response: revisionsPage,
    errors: [],
  }),
  restoreRevision: defineEndpoint({
    method: 'POST',
    path: `${of.path}/revisions/:revisionId/restore` as `${P}/revisions/:revisionId/restore`,
    operationId: `restore${of.name}Revision`,
    summary: `Bring ${of.noun} back to their state right after a revision (a new revision)`,
    description:
      "The restore goes through the record's own rules: one that would break a rule is refused with that " +
      "rule's code. Honours `If-Match`.",
    tag: of.tag,
    access: of.access,
    params: z.object({ revisionId: dbId }),
    response: of.record,
    errors: of.restoreErrors,
    versioned: true,
  }),
});
