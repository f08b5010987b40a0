import {
  type ClientNote,
  type CreateNoteBody,
  createNoteBody,
  type Note,
  type NotesPage,
  type NoteTags,
  type ShareCard,
  type UpdateNoteBody,
  updateNoteBody,
} from '@pult/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { missedWrite } from '../../lib/versions';
import { storedFileUrl } from '../../storage/file-url';
import type { CheckedImage } from '../../storage/read-upload';
import { removeStoredFile, replaceStoredFile } from '../../storage/replace-file';
import { auditedNote, type NoteRow, toClientNote, toNote } from './note-row';
import { type NoteFilters, notesRepository as repo } from './notes-repository';
import { CARD_SIZE } from './share-card/card-layout';
import { cardInput, cardKey, drawCard } from './share-card/share-card';

export const noteNotFound = () => notFound('NOTE_NOT_FOUND', 'Note not found');
const archived = () => conflict('NOTE_ARCHIVED', 'The note is archived; restore it first');

/** A published note needs something to read: an empty body cannot be published. */
function assertPublishable(status: string, body: string) {
  if (status === 'published' && body.trim() === '')
    throw badRequest('VALIDATION_FAILED', 'A note needs a body to be published', { body: 'required' });
}

async function locked(ctx: ServiceContext, id: number): Promise<NoteRow> {
  const row = await repo.lock(ctx.db, id);
  if (!row) throw noteNotFound();
  return row;
}

/** A versioned write that matched no row: gone (404), or changed since the caller read it (412). */
const stale = (db: Db, id: number) =>
  missedWrite(async () => await repo.find(db, id).then((row) => row && toNote(row)), noteNotFound);

async function withAuthor(ctx: ServiceContext, id: number): Promise<Note> {
  const row = await repo.find(ctx.db, id);
  if (!row) throw noteNotFound();
  return toNote(row);
}

/** The rules about notes: publishing, archiving, covers, share cards; every change audited. */
export const notesService = {
  async list(ctx: ServiceContext, filters: NoteFilters, page: { take: number; page: number }): Promise<NotesPage> {
    const result = await repo.list(ctx.db, filters, page);
    return { items: result.items.map(toNote), count: result.count, countIsEstimate: result.isEstimate };
  },

  get: (ctx: ServiceContext, id: number): Promise<Note> => withAuthor(ctx, id),

  async tags(ctx: ServiceContext): Promise<NoteTags> {
    return { items: await repo.tags(ctx.db) };
  },

  async create(ctx: ServiceContext, body: CreateNoteBody): Promise<Note> {
    const values = createNoteBody.parse(body);
    assertPublishable(values.status, values.body);
    const id = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const row = await repo.insert(tx, {
        ...values,
        tags: [...new Set(values.tags)],
        authorId: actorOf(ctx).userId,
        publishedAt: values.status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      await ctx.audit({ action: 'create', entity: 'note', entityId: row.id, after: auditedNote(row) }, tx);
      return row.id;
    });
    return withAuthor(ctx, id);
  },

  async update(ctx: ServiceContext, id: number, body: UpdateNoteBody): Promise<Note> {
    const changes = updateNoteBody.parse(body);
    await ctx.db.transaction(async (tx) => {
      const before = await locked({ ...ctx, db: tx }, id);
      if (before.archivedAt) throw archived();
      const status = changes.status ?? before.status;
      assertPublishable(status, changes.body ?? before.body);
      const now = ctx.clock.now();
      // Publishing stamps the time; unpublishing keeps the last one, as history.
      const publishedAt = status === 'published' && before.status !== 'published' ? now : before.publishedAt;
      const tags = changes.tags ? [...new Set(changes.tags)] : undefined;
      const row = await repo.update(tx, id, { ...changes, tags, publishedAt, updatedAt: now }, ctx.ifMatch);
      if (!row) return stale(tx, id);
      const action =
        status !== before.status ? (status === 'published' ? 'publish' : 'unpublish') : ('update' as const);
      await ctx.audit(
        { action, entity: 'note', entityId: id, before: auditedNote(before), after: auditedNote(row) },
        tx,
      );
    });
    return withAuthor(ctx, id);
  },

  /** Soft delete: the row stays (and its history); the planner stops listing it at once. */
  archive: (ctx: ServiceContext, id: number) => setArchived(ctx, id, true),
  restore: (ctx: ServiceContext, id: number) => setArchived(ctx, id, false),

  /** SVG is refused by the upload check: an unsanitised SVG is a script. */
  async replaceCover(ctx: ServiceContext, id: number, image: CheckedImage): Promise<Note> {
    await replaceStoredFile(ctx, image, (key) =>
      ctx.db.transaction(async (tx) => {
        const before = await locked({ ...ctx, db: tx }, id);
        if (before.archivedAt) throw archived();
        const row = await repo.update(tx, id, { coverImage: key, updatedAt: ctx.clock.now() }, ctx.ifMatch);
        if (!row) return stale(tx, id);
        await ctx.audit(
          {
            action: 'cover',
            entity: 'note',
            entityId: id,
            before: { coverImage: before.coverImage },
            after: { coverImage: key },
          },
          tx,
        );
        return { result: row, previous: before.coverImage };
      }),
    );
    return withAuthor(ctx, id);
  },

  /**
   * The note's share card. Stored under a hash of what is drawn: an unchanged note answers the
   * stored card's URL without drawing; after an edit the new card replaces the old file.
   */
  async shareCard(ctx: ServiceContext, id: number): Promise<ShareCard> {
    const row = await repo.find(ctx.db, id);
    if (!row) throw noteNotFound();
    const input = cardInput(row);
    const key = cardKey(input);
    const answer = { url: storedFileUrl(ctx, key), width: CARD_SIZE, height: CARD_SIZE };
    if (row.shareCard === key) return answer;
    const png = await drawCard(ctx.storage, input);
    await ctx.storage.put(key, png, 'image/png');
    const previous = await repo.saveShareCard(ctx.db, id, key);
    if (previous === undefined) throw noteNotFound();
    // Drawing a card changes nothing a reader sees of the note, so it is logged, not audited.
    ctx.log.info({ noteId: id, key }, 'share card drawn');
    if (previous && previous !== key) await removeStoredFile(ctx, previous);
    return answer;
  },

  async listForPlanner(ctx: ServiceContext, tag: string | undefined, page: { take: number; page: number }) {
    const result = await repo.listPublished(ctx.db, tag, page);
    return { items: result.items.map((row): ClientNote => toClientNote(row)), count: result.count };
  },
};

async function setArchived(ctx: ServiceContext, id: number, archive: boolean): Promise<Note> {
  await ctx.db.transaction(async (tx) => {
    const before = await locked({ ...ctx, db: tx }, id);
    // Archiving twice (or restoring a live note) changes nothing and records nothing.
    if (Boolean(before.archivedAt) === archive) return;
    const now = ctx.clock.now();
    const row = await repo.update(tx, id, { archivedAt: archive ? now : null, updatedAt: now }, ctx.ifMatch);
    if (!row) return stale(tx, id);
    const event = { action: archive ? 'archive' : 'restore', entity: 'note', entityId: id } as const;
    await ctx.audit({ ...event, before: { archivedAt: before.archivedAt }, after: { archivedAt: row.archivedAt } }, tx);
  });
  return withAuthor(ctx, id);
}
