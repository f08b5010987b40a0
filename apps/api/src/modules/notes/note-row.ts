import type { ClientNote, Note } from '@pult/contract';
import type { notes } from '../../db/schema';

export type NoteRow = Omit<typeof notes.$inferSelect, 'searchVector'>;
export type NoteRowWithAuthor = NoteRow & { authorName: string | null };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toNote = (row: NoteRowWithAuthor): Note => ({
  id: row.id,
  title: row.title,
  body: row.body,
  tags: row.tags,
  status: row.status,
  coverImage: row.coverImage,
  publishedAt: iso(row.publishedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  authorId: row.authorId,
  authorName: row.authorName,
  archivedAt: iso(row.archivedAt),
  version: row.version,
});

export const toClientNote = (row: NoteRow): ClientNote => ({
  id: row.id,
  title: row.title,
  body: row.body,
  tags: row.tags,
  coverImage: row.coverImage,
  publishedAt: iso(row.publishedAt),
});

/** What an audit event keeps of a note: everything but the search vector and the card cache. */
export const auditedNote = (row: NoteRow) => {
  const { shareCard: _card, ...rest } = row;
  return rest;
};
