import { idParam, okResponse, staffRoles } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  createViewBody,
  listColumns,
  listKeyParam,
  putListColumnsBody,
  savedView,
  savedViewsList,
  updateViewBody,
} from '../list-views';

/** Column settings (per person) and saved views (personal or shared with all staff) of the list screens. */
export const listViewsEndpoints = {
  getColumns: defineEndpoint({
    method: 'GET',
    path: '/list-views/:listKey/columns',
    operationId: 'getListColumns',
    summary: "The caller's column settings for a list",
    description: 'Columns in the order shown, each visible or hidden; none means the screen shows its defaults.',
    tag: 'list-views',
    access: staffRoles,
    params: listKeyParam,
    response: listColumns,
    errors: [400],
  }),
  putColumns: defineEndpoint({
    method: 'PUT',
    path: '/list-views/:listKey/columns',
    operationId: 'putListColumns',
    summary: "Replace the caller's column settings for a list",
    description: 'An empty list returns the screen to its defaults.',
    tag: 'list-views',
    access: staffRoles,
    params: listKeyParam,
    body: putListColumnsBody,
    response: listColumns,
    errors: [400],
  }),
  listViews: defineEndpoint({
    method: 'GET',
    path: '/list-views/:listKey/views',
    operationId: 'listSavedViews',
    summary: "A list's saved views: the caller's own and those shared with all staff",
    description: "Sorted by name. Another person's personal view is never listed.",
    tag: 'list-views',
    access: staffRoles,
    params: listKeyParam,
    response: savedViewsList,
    errors: [400],
  }),
  createView: defineEndpoint({
    method: 'POST',
    path: '/list-views/:listKey/views',
    operationId: 'createSavedView',
    summary: 'Save the current filters, sort and columns as a named view',
    description:
      'Only an admin may share a view (403 ADMIN_ONLY_FIELDS). A name the caller already uses on this list ' +
      'answers 409 VIEW_NAME_TAKEN; past 50 views per list 409 VIEW_LIMIT_REACHED.',
    tag: 'list-views',
    access: staffRoles,
    params: listKeyParam,
    body: createViewBody,
    response: savedView,
    errors: [400, 409],
  }),
  updateView: defineEndpoint({
    method: 'PATCH',
    path: '/saved-views/:id',
    operationId: 'updateSavedView',
    summary: 'Rename a view, replace what it remembers, or share it',
    description:
      'The owner changes their view; an admin also changes any shared view. Another staff member gets ' +
      '403 VIEW_READ_ONLY for a shared view and 404 VIEW_NOT_FOUND for a personal one.',
    tag: 'list-views',
    access: staffRoles,
    params: idParam,
    body: updateViewBody,
    response: savedView,
    errors: [400, 404, 409],
  }),
  deleteView: defineEndpoint({
    method: 'DELETE',
    path: '/saved-views/:id',
    operationId: 'deleteSavedView',
    summary: 'Delete a view',
    description: 'The same rule as changing it.',
    tag: 'list-views',
    access: staffRoles,
    params: idParam,
    response: okResponse,
    errors: [404],
  }),
};
