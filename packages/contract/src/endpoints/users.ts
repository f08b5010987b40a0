import { bulkUsersBody, bulkUsersReport, exportSelectedUsersBody } from '../bulk';
import { estimatedPage, idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  createUserBody,
  exportLanguageQuery,
  exportUsersQuery,
  manageUserParams,
  updateUserBody,
  user,
  usersQuery,
} from '../users';
import { historyEndpoints } from './revisions';

/** Users: staff read; only admins create, edit, manage and export (personal data). */
export const usersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/users',
    operationId: 'listUsers',
    summary: 'A page of users with their current subscription',
    description:
      '`where` is a JSON object of allow-listed filters (any other key is a 400); `sort` is `field:asc|desc`. ' +
      'On large result sets `count` is the planner estimate and `countIsEstimate` is true.',
    tag: 'users',
    access: ['admin', 'editor'],
    query: usersQuery,
    response: estimatedPage(user),
    errors: [],
  }),
  exportData: defineEndpoint({
    method: 'GET',
    path: '/users/export-data',
    operationId: 'exportUsers',
    summary: 'The matching users as CSV',
    description:
      'Admin only. Semicolon-separated UTF-8 with a BOM, streamed in id order; recorded in the audit log. Header, ' +
      'roles and statuses in `lang` (else the Accept-Language, else Russian); times as `YYYY-MM-DD HH:mm:ss` on ' +
      'the clocks of the settings’ default time zone, and the file named by that zone’s day.',
    tag: 'users',
    access: ['admin'],
    query: exportUsersQuery,
    response: 'csv',
    errors: [],
  }),
  exportSelected: defineEndpoint({
    method: 'POST',
    path: '/users/export-selected',
    operationId: 'exportSelectedUsers',
    summary: 'The chosen users as CSV',
    description:
      'Admin only. The same file as `export-data`, holding exactly the users whose ids are given (1–1000, ' +
      'distinct; unknown ids are left out); the ids travel in the body so a long selection fits. Audited.',
    tag: 'users',
    access: ['admin'],
    query: exportLanguageQuery,
    body: exportSelectedUsersBody,
    response: 'csv',
    errors: [],
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/users/bulk',
    operationId: 'bulkManageUsers',
    summary: 'Block, unblock or sign out many users at once, with a per-row report',
    description:
      'Admin only, as the single action. 1–1000 distinct ids in one transaction with the rows locked; each row ' +
      'gets the rules of `manage/:action` and an outcome: done, unchanged (already so; nothing written), ' +
      'refused (with the code the single action would answer: SELF_CHANGE, LAST_ADMIN, USER_STATUS_CONFLICT) or ' +
      'not_found. Each changed row is audited as the single action is. `dryRun` answers the same report and ' +
      'changes nothing. Signing oneself out in bulk is refused (SELF_CHANGE).',
    tag: 'users',
    access: ['admin'],
    body: bulkUsersBody,
    response: bulkUsersReport,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/users/:id',
    operationId: 'getUser',
    summary: 'One user with their current subscription',
    tag: 'users',
    access: ['admin', 'editor'],
    params: idParam,
    response: user,
    errors: [404],
    versioned: true,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/users',
    operationId: 'createUser',
    summary: 'Create a user',
    description: 'Admin only. Staff accounts need a password. A taken e-mail answers 409 EMAIL_TAKEN.',
    tag: 'users',
    access: ['admin'],
    body: createUserBody,
    response: user,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/users/:id',
    operationId: 'updateUser',
    summary: 'Change a user',
    description:
      'Admin only. A new role or password ends every session of the account. ' +
      'An admin cannot demote themself (SELF_CHANGE) nor the last active admin (LAST_ADMIN).',
    tag: 'users',
    access: ['admin'],
    params: idParam,
    body: updateUserBody,
    response: user,
    errors: [404, 409],
    versioned: true,
  }),
  manage: defineEndpoint({
    method: 'GET',
    path: '/users/:id/manage/:action',
    operationId: 'manageUser',
    summary: 'Block, unblock, delete, restore or sign out a user',
    description:
      'Admin only. Block, delete and logout end every session. An action the status does not allow ' +
      'answers 409 USER_STATUS_CONFLICT.',
    tag: 'users',
    access: ['admin'],
    params: manageUserParams,
    response: user,
    errors: [404, 409],
    versioned: true,
  }),
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/users/:id/avatar',
    operationId: 'uploadUserAvatar',
    summary: "Replace a user's avatar",
    description: 'Admin only. Multipart field `avatar`: PNG, JPEG or WebP up to 1 MB, checked by content.',
    tag: 'users',
    access: ['admin'],
    params: idParam,
    upload: 'avatar',
    response: user,
    errors: [404, 413, 415],
    versioned: true,
  }),
  ...historyEndpoints({
    path: '/users/:id',
    name: 'User',
    tag: 'users',
    access: ['admin', 'editor'],
    restoreAccess: ['admin'],
    record: user,
    restoreErrors: [400, 404, 409, 412],
  }),
};
