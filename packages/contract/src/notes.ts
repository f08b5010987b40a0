import { z } from 'zod';
import { estimatedPage, paged, type SortOf, sortQuery } from './common';
import { filter, listQuery } from './list-query';
import { recordVersion } from './versions';

export const noteStatuses = ['draft', 'published'] as const;
export const noteStatus = z.enum(noteStatuses);
export type NoteStatus = z.infer<typeof noteStatus>;

/** An editorial card shown in the planner app: Markdown body, stored exactly as written. */
export const note = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Markdown as the author wrote it; every place that shows it renders it without raw HTML. */
    body: z.string(),
    tags: z.array(z.string()),
    status: noteStatus,
    coverImage: z.string().nullable(),
    /** The last time it was published; unpublishing keeps it, as history. */
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    authorId: z.number().int().nullable(),
    /** The author's name (or e-mail when the name is empty), for lists. */
    authorName: z.string().nullable(),
    /** Set while the note is archived (soft-deleted); restore clears it. */
    archivedAt: z.string().nullable(),
    version: recordVersion,
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof note>;

/** A page of notes; past 10 000 matches the count is the planner's estimate (`countIsEstimate`). */
export const notesPage = estimatedPage(note);
export type NotesPage = z.infer<typeof notesPage>;

/** A tag: trimmed, lower-cased, letters, digits, spaces and dashes, so suggestions group the same tag. */
export const noteTag = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u)
  .transform((tag) => tag.toLowerCase());

/** Notes are few (editorial cards): any of these orders is cheap. */
export const noteSortFields = ['updatedAt', 'createdAt', 'title'] as const;
export type NoteSort = SortOf<(typeof noteSortFields)[number]>;

export const notesQuery = listQuery({
  /** Searches title and body: Russian word forms match, and a fragment of 3+ characters matches as a substring. */
  query: z.string().trim().max(200).optional(),
  status: noteStatus.optional(),
  tag: noteTag.optional(),
  /** true: the archive instead of the live notes. */
  archived: filter.flag().default(false),
  /** Without it: the latest change first, or the most relevant first while searching. */
  sort: sortQuery(noteSortFields).optional(),
});
export type NotesQuery = z.input<typeof notesQuery>;

const noteFields = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().max(50_000).default(''),
  tags: z.array(noteTag).max(20).default([]),
  status: noteStatus.default('draft'),
});

export const createNoteBody = noteFields;
export type CreateNoteBody = z.input<typeof createNoteBody>;

export const updateNoteBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    body: z.string().max(50_000),
    tags: z.array(noteTag).max(20),
    status: noteStatus,
  })
  .partial();
export type UpdateNoteBody = z.input<typeof updateNoteBody>;

export const noteTagsAnswer = z.object({
  items: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type NoteTags = z.infer<typeof noteTagsAnswer>;

export const shareCardAnswer = z.object({
  /** Relative to the public files base (like every stored path) unless the storage gives full URLs. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ShareCard = z.infer<typeof shareCardAnswer>;

/** What the planner app sees of a note: published ones only, without the editorial fields. */
export const clientNote = note
  .pick({ id: true, title: true, body: true, tags: true, coverImage: true, publishedAt: true })
  .meta({ id: 'ClientNote' });
export type ClientNote = z.infer<typeof clientNote>;
export const clientNotesPage = paged(clientNote);
export const clientNotesQuery = listQuery({ tag: noteTag.optional() });
