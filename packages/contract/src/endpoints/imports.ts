import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { createImportQuery, importCreated, importState } from '../imports';

/**
 * Imports of users, promo codes and Telegram channels from CSV or XLSX (product.md §8, decision 0037).
 * The routes let staff in; the kind decides who may import: users are admins' (as on the users screen),
 * promo codes and channels are every staff member's (as on their screens).
 */
const staff = ['admin', 'editor'] as const;

export const importsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/imports',
    operationId: 'createImport',
    summary: 'Upload a CSV or XLSX file to import (or to check, with dryRun)',
    description:
      'Multipart field `file` (CSV in UTF-8 with or without BOM or Windows-1251, `;`, `,` or tab separated; or XLSX), ' +
      'up to 64 MB, checked by content: 415 FILE_TYPE_UNSUPPORTED for anything else. Options as multipart fields ' +
      'before the file or in the query: `kind` (users | promo-codes | tg-channels), `seriesId` for codes, `dryRun`, ' +
      '`onInvalid` (skip: import the valid rows; abort, the default: import nothing while a row is invalid), ' +
      '`encoding`, `delimiter`, `sheet`, `mapping` (JSON, field → header or 0-based column). Answers 202 `{ id }`: ' +
      'the import runs as a job; follow it with GET /imports/{id}. 403 for users unless admin; 404 SERIES_NOT_FOUND; ' +
      '409 IMPORT_SERIES_BUSY while the series is still generating.',
    tag: 'imports',
    access: staff,
    query: createImportQuery,
    upload: 'file',
    response: importCreated,
    errors: [403, 404, 409, 413, 415],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/imports/:id',
    operationId: 'getImport',
    summary: "An import's status, counts and first refusals",
    tag: 'imports',
    access: staff,
    params: idParam,
    response: importState,
    errors: [404],
  }),
  errorsCsv: defineEndpoint({
    method: 'GET',
    path: '/imports/:id/errors.csv',
    operationId: 'getImportErrorsCsv',
    summary: 'The refused rows as CSV: the original cells and a reason column',
    description:
      'UTF-8 with BOM, `;` separated (as Excel opens it in Russia); the header row first, then each refused row.',
    tag: 'imports',
    access: staff,
    params: idParam,
    response: 'csv',
    errors: [404],
  }),
  undo: defineEndpoint({
    method: 'POST',
    path: '/imports/:id/undo',
    operationId: 'undoImport',
    summary: 'Remove exactly the records this import created',
    description:
      'All or nothing. 409 IMPORT_UNDO_REFUSED when a record changed since (an activated code, an edited channel, a ' +
      'user who signed in or got a subscription): nothing is removed and `undoRefusals` of GET /imports/{id} lists ' +
      'them; 409 IMPORT_NOT_UNDOABLE for a dry run, an import not done, or one already undone.',
    tag: 'imports',
    access: staff,
    params: idParam,
    response: importState,
    errors: [404, 409],
  }),
};
