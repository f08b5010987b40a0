import type { Note, NoteStatus } from '@pult/contract';

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
