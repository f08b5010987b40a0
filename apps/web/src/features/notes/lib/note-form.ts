import type { Note, NoteStatus } from '@pult/contract';
import { type FieldFormats, valueAs } from '../../../lib/revision-values';

/** What the editor's form holds; compared with the saved note to know about unsaved changes. */
export interface NoteFormValues {
  title: string;
  body: string;
  tags: string[];
}

export const emptyNote: NoteFormValues = { title: '', body: '', tags: [] };

export const formValuesOf = (note: Note | undefined): NoteFormValues =>
  note ? { title: note.title, body: note.body, tags: note.tags } : emptyNote;

/** Tags as the API keeps them (trimmed, lower-case, once each), so a retyped tag is not a change. */
export const normaliseTags = (tags: string[]): string[] => [
  ...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean)),
];

export const isDirty = (saved: NoteFormValues, current: NoteFormValues): boolean =>
  saved.title.trim() !== current.title.trim() ||
  saved.body !== current.body ||
  normaliseTags(saved.tags).join('\n') !== normaliseTags(current.tags).join('\n');

export const nextStatus = (status: NoteStatus): NoteStatus => (status === 'published' ? 'draft' : 'published');

/**
 * The fields where what the person is about to save differs from what is saved now (a save refused with
 * 412): each with both values as text, for the conflict dialog.
 */
export function conflictFields(mine: Partial<NoteFormValues>, current: Note, label: (field: string) => string) {
  const theirs = formValuesOf(current);
  const rows = [
    { name: 'title', mine: (mine.title ?? '').trim(), theirs: theirs.title },
    { name: 'body', mine: mine.body ?? '', theirs: theirs.body },
    { name: 'tags', mine: normaliseTags(mine.tags ?? []).join(', '), theirs: theirs.tags.join(', ') },
  ];
  return rows.filter((row) => row.mine !== row.theirs).map((row) => ({ ...row, label: label(row.name) }));
}

/**
 * «Keep mine» after a conflict: what the person changed since the form was opened goes over what is
 * saved now; a field only the other person changed keeps their value, so their edit is not undone.
 */
export function mergeMine(base: NoteFormValues, mine: NoteFormValues, theirs: NoteFormValues): NoteFormValues {
  const tagsOf = (values: NoteFormValues) => normaliseTags(values.tags).join('\n');
  return {
    title: mine.title.trim() !== base.title.trim() ? mine.title : theirs.title,
    body: mine.body !== base.body ? mine.body : theirs.body,
    tags: tagsOf(mine) !== tagsOf(base) ? mine.tags : theirs.tags,
  };
}

/** How a note's fields read in its history: its status in words, the archiving as a date, the cover by its file. */
export const NOTE_FIELD_VALUES: FieldFormats = {
  status: valueAs.choice((value, t) => t(`notes.status.${value}`)),
  archivedAt: valueAs.dateTime,
  coverImage: valueAs.file,
};
