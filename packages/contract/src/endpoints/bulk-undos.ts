import { bulkUndoParams, bulkUndoResult } from '../bulk-undo';
import { defineEndpoint } from '../endpoint';

/** Undo of destructive bulk actions (docs/decisions/0043). */
export const bulkUndosEndpoints = {
  undo: defineEndpoint({
    method: 'POST',
    path: '/bulk-undos/:id',
    operationId: 'undoBulkAction',
    summary: 'Put back exactly what a bulk action changed, within 20 s of it',
    description:
      'Only the person who ran the action, while their role may still run it. A record changed since by ' +
      'anyone (its version, or for a code its blocking, moved on) is skipped and reported. A repeated undo ' +
      'answers the first one again; ' +
      'after the window: 409 `UNDO_EXPIRED`.',
    tag: 'users',
    access: ['admin', 'editor'],
    params: bulkUndoParams,
    response: bulkUndoResult,
    errors: [404, 409],
  }),
};
