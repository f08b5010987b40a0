import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { createNoteBody, note, notesPage, notesQuery, noteTagsAnswer, shareCardAnswer, updateNoteBody } from '../notes';
import { historyEndpoints } from './revisions';

const staff = ['admin', 'editor'] as const;

/** Notes: editorial cards for the planner app, written by admins and editors. */
export const notesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notes',
    operationId: 'listNotes',
    summary: 'Notes, the latest change first, or by relevance while searching, unless sorted otherwise',
    description:
      '`query` searches title and body with Russian word forms (full text) and, from 3 characters, as a ' +
      'substring; `status` and `tag` filter; `archived=true` lists the archive instead; `sort` is ' +
      '`updatedAt|createdAt|title:asc|desc`.',
    tag: 'notes',
    access: staff,
    query: notesQuery,
    response: notesPage,
    errors: [],
  }),
  tags: defineEndpoint({
    method: 'GET',
    path: '/notes/tags',
    operationId: 'listNoteTags',
    summary: 'Every tag in use, most used first (for suggestions)',
    tag: 'notes',
    access: staff,
    response: noteTagsAnswer,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/notes/:id',
    operationId: 'getNote',
    summary: 'One note, archived or not',
    tag: 'notes',
    access: staff,
    params: idParam,
    response: note,
    errors: [404],
    versioned: true,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/notes',
    operationId: 'createNote',
    summary: 'Write a note',
    description: 'Publishing (`status: published`) needs a body and sets `publishedAt`.',
    tag: 'notes',
    access: staff,
    body: createNoteBody,
    response: note,
    errors: [],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/notes/:id',
    operationId: 'updateNote',
    summary: 'Change, publish or unpublish a note',
    description:
      'Publishing sets `publishedAt` to now; unpublishing keeps it as history. An archived note is ' +
      'read-only until restored: 409 NOTE_ARCHIVED.',
    tag: 'notes',
    access: staff,
    params: idParam,
    body: updateNoteBody,
    response: note,
    errors: [404, 409],
    versioned: true,
  }),
  archive: defineEndpoint({
    method: 'DELETE',
    path: '/notes/:id',
    operationId: 'archiveNote',
    summary: 'Archive a note (soft delete; the planner stops showing it)',
    tag: 'notes',
    access: staff,
    params: idParam,
    response: note,
    errors: [404],
    versioned: true,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/notes/:id/restore',
    operationId: 'restoreNote',
    summary: 'Bring an archived note back, as it was',
    tag: 'notes',
    access: staff,
    params: idParam,
    response: note,
    errors: [404],
    versioned: true,
  }),
  uploadCover: defineEndpoint({
    method: 'POST',
    path: '/notes/:id/cover',
    operationId: 'uploadNoteCover',
    summary: "Replace a note's cover image",
    description: 'Multipart field `image`: PNG, JPEG or WebP, checked by content; SVG is refused.',
    tag: 'notes',
    access: staff,
    params: idParam,
    upload: 'image',
    response: note,
    errors: [404, 409, 413, 415],
    versioned: true,
  }),
  shareCard: defineEndpoint({
    method: 'GET',
    path: '/notes/:id/image-url/png',
    operationId: 'noteShareCard',
    summary: 'The note as a 1080×1080 PNG share card: its stored URL',
    description:
      'Draws title, an excerpt of the body as plain text, the cover and the project name. The card is ' +
      'stored under a hash of what is drawn: the same content answers the same URL without drawing again.',
    tag: 'notes',
    access: staff,
    params: idParam,
    response: shareCardAnswer,
    errors: [404, 503],
  }),
  ...historyEndpoints({
    path: '/notes/:id',
    name: 'Note',
    tag: 'notes',
    access: staff,
    record: note,
    restoreErrors: [400, 404, 409, 412],
  }),
};
