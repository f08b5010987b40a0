import { idParam, okResponse, staffRoles } from '../common';
import { defineEndpoint } from '../endpoint';
import { endedSessions, sessionList } from '../mfa';

/** The caller's own live sessions (product.md §8). */
export const sessionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/profile/sessions',
    operationId: 'listMySessions',
    summary: 'The caller’s live sessions',
    description: 'Newest first; `current` marks the one the request came with.',
    tag: 'profile',
    access: staffRoles,
    response: sessionList,
    errors: [],
  }),
  end: defineEndpoint({
    method: 'DELETE',
    path: '/profile/sessions/:id',
    operationId: 'endMySession',
    summary: 'End one of the caller’s sessions at once',
    description: 'Another account’s or an ended session is 404 SESSION_NOT_FOUND.',
    tag: 'profile',
    access: staffRoles,
    params: idParam,
    response: okResponse,
    errors: [404],
  }),
  endOthers: defineEndpoint({
    method: 'POST',
    path: '/profile/sessions/end-others',
    operationId: 'endMyOtherSessions',
    summary: 'End every session of the caller but this one',
    tag: 'profile',
    access: staffRoles,
    response: endedSessions,
    errors: [],
  }),
};
