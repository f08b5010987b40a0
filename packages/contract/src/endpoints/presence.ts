import { defineEndpoint } from '../endpoint';
import { presenceBeat, presenceLeaveQuery, presenceParams, recordPresence } from '../presence';

const staff = ['admin', 'editor'] as const;

/**
 * Presence and soft edit locks on a record (docs/decisions/0043), beside the live stream that announces
 * them (`event: presence`). Who may be seen on a kind of record, or lock it, is checked per kind.
 */
export const presenceEndpoints = {
  beat: defineEndpoint({
    method: 'PUT',
    path: '/events/presence/:resource/:id',
    operationId: 'beatPresence',
    summary: 'This tab has the record open (and edits it): sent every 10 s, expires after 30 s without one',
    description:
      'With `editing` the tab takes the edit lock unless another tab holds a live one; `takeOver` takes it ' +
      'anyway (the other tab is told on the stream). Without `editing` the tab lets go of a lock it holds. ' +
      'Answers who is there now; each change is also sent on `GET /events` as `event: presence`.',
    tag: 'events',
    access: staff,
    params: presenceParams,
    body: presenceBeat,
    response: recordPresence,
    errors: [400, 404],
  }),
  leave: defineEndpoint({
    method: 'DELETE',
    path: '/events/presence/:resource/:id',
    operationId: 'leavePresence',
    summary: 'This tab closed the record: it is no longer shown there, and its lock is released',
    description: 'Sent with `keepalive` when the tab goes away (`pagehide`), so closing it frees the lock at once.',
    tag: 'events',
    access: staff,
    params: presenceParams,
    query: presenceLeaveQuery,
    response: recordPresence,
    errors: [400],
  }),
};
