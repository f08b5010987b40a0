import { z } from 'zod';
import { dbId, idParam, okResponse, staffRoles } from '../common';
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
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/users/:id/sessions',
    operationId: 'listUserSessions',
    summary: 'A staff member’s live sessions, for an admin',
    description:
      'Newest first; `current` marks the admin’s own when the page is their own. A planner account or an ' +
      'unknown id is 404 USER_NOT_FOUND (the planner app’s sessions are not staff business).',
    tag: 'users',
    access: ['admin'],
    params: idParam,
    response: sessionList,
    errors: [404],
  }),
  endOfUser: defineEndpoint({
    method: 'DELETE',
    path: '/users/:id/sessions/:sessionId',
    operationId: 'endUserSession',
    summary: 'End one of a staff member’s sessions at once, for an admin',
    description:
      'Audited `end-session` on that staff member. Another account’s or an ended session is 404 ' +
      'SESSION_NOT_FOUND; ending them all is `manage/logout`.',
    tag: 'users',
    access: ['admin'],
    params: z.object({ id: dbId, sessionId: dbId }),
    response: okResponse,
    errors: [404],
  }),
};
