import { updateNoteBody } from '@pult/contract';
import { restorable, type VersionedResource } from '../revisions';
import type { NoteRow } from './note-row';
import { notesRepository as repo } from './notes-repository';
import { noteNotFound, notesService } from './notes-service';

/** What a note's history keeps: what its editors write and see (not the search vector or the card cache). */
const kept = (row: NoteRow) => ({
  title: row.title,
  body: row.body,
  tags: row.tags,
  status: row.status,
  coverImage: row.coverImage,
  archivedAt: row.archivedAt,
});

/** The fields a restore writes back: the text and whether it is published (a cover file may be gone). */
const RESTORED = ['title', 'body', 'tags', 'status'] as const;

/** Notes are versioned and kept in history (docs/decisions/0036). */
export const noteHistory: VersionedResource = {
  resource: 'note',
  async read(db, id) {
    const row = await repo.find(db, id);
    return row && { version: row.version, state: kept(row) };
  },
  notFound: noteNotFound,
  restore: (ctx, id, state) => notesService.update(ctx, id, restorable(updateNoteBody, state, RESTORED)),
};
