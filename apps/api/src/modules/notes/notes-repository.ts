import type { noteSortFields, SortOf } from '@pult/contract';
import { and, arrayContains, desc, eq, getTableColumns, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { notes, users } from '../../db/schema';
import { countRows, type PageCount } from '../../lib/page-count';
import { sortOrder } from '../../lib/sort-order';
import { nextVersion, sameVersion } from '../../lib/versions';
import type { NoteRow, NoteRowWithAuthor } from './note-row';
import { fullTextSearch, substringSearch } from './note-search';

type NewNote = Omit<typeof notes.$inferInsert, 'searchVector'>;
type NoteChanges = Partial<Omit<NewNote, 'id' | 'createdAt' | 'version'>>;

const { searchVector: _vector, ...noteColumns } = getTableColumns(notes);
const authorName = sql<
  string | null
>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

const selectWithAuthor = (db: Db) =>
  db
    .select({ ...noteColumns, authorName })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorId));

const NEWEST = [desc(notes.createdAt), desc(notes.id)];
/** How many of the newest matches relevance orders (see `list`). */
const RANK_WINDOW = 1000;

/** One page of a full-text search: ranked inside the window of newest matches, by date past it. */
async function rankedPage(db: Db, where: SQL | undefined, query: SQL, offset: number, take: number) {
  const ids: number[] = [];
  if (offset < RANK_WINDOW) {
    const window = db
      .select({ id: notes.id, createdAt: notes.createdAt, vector: notes.searchVector })
      .from(notes)
      .where(where)
      .orderBy(...NEWEST)
      .limit(RANK_WINDOW)
      .as('window');
    const ranked = await db
      .select({ id: window.id })
      .from(window)
      .orderBy(desc(sql`ts_rank(${window.vector}, ${query})`), desc(window.createdAt), desc(window.id))
      .limit(Math.min(take, RANK_WINDOW - offset))
      .offset(offset);
    ids.push(...ranked.map((row) => row.id));
  }
  const dateStart = Math.max(offset, RANK_WINDOW);
  if (offset + take > dateStart) {
    const rest = await db
      .select({ id: notes.id })
      .from(notes)
      .where(where)
      .orderBy(...NEWEST)
      .limit(offset + take - dateStart)
      .offset(dateStart);
    ids.push(...rest.map((row) => row.id));
  }
  if (ids.length === 0) return [];
  const rows = await selectWithAuthor(db).where(inArray(notes.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type NoteSort = SortOf<(typeof noteSortFields)[number]>;

export interface NoteFilters {
  query?: string;
  status?: 'draft' | 'published';
  tag?: string;
  archived: boolean;
  /** Without it: the latest change first («Изменена», as the list shows), or relevance while searching. */
  sort?: NoteSort;
}

const LATEST_CHANGE: NoteSort = 'updatedAt:desc';
const sortColumns = { updatedAt: notes.updatedAt, createdAt: notes.createdAt, title: notes.title };

/** The SQL of notes, and nothing else: no rules, no HTTP. */
export const notesRepository = {
  /**
   * A page of notes. While searching: full text by word forms first; only when no word form matches
   * does the text count as a fragment and match as a substring. Unless a sort is asked for, relevance
   * orders the RANK_WINDOW newest matches (a common word matches tens of thousands of notes, and
   * ranking them all costs half a second); pages past them continue in date order, so paging never
   * repeats or skips a note. Notes are editorial cards, a few thousand at most: any sort is cheap.
   */
  async list(
    db: Db,
    filters: NoteFilters,
    page: { take: number; page: number },
  ): Promise<{ items: NoteRowWithAuthor[] } & PageCount> {
    const conditions: SQL[] = [filters.archived ? isNotNull(notes.archivedAt) : isNull(notes.archivedAt)];
    if (filters.status) conditions.push(eq(notes.status, filters.status));
    if (filters.tag) conditions.push(arrayContains(notes.tags, [filters.tag]));
    const count = (where: SQL | undefined) => countRows(db, db.select({ id: notes.id }).from(notes).where(where));
    const offset = (page.page - 1) * page.take;

    const sorted = async (where: SQL | undefined, known?: PageCount) => {
      const total = known ?? (await count(where));
      if (total.count === 0) return { items: [], ...total };
      const items = await selectWithAuthor(db)
        .where(where)
        .orderBy(...sortOrder(filters.sort ?? LATEST_CHANGE, sortColumns, notes.id))
        .limit(page.take)
        .offset(offset);
      return { items, ...total };
    };

    if (!filters.query) return sorted(and(...conditions));

    const fullText = fullTextSearch(filters.query);
    if (fullText) {
      const where = and(...conditions, fullText.where);
      const total = await count(where);
      if (total.count > 0) {
        if (filters.sort) return sorted(where, total);
        return { items: await rankedPage(db, where, fullText.query, offset, page.take), ...total };
      }
    }
    const substring = substringSearch(filters.query);
    if (!substring) return { items: [], count: 0, isEstimate: false };
    return sorted(and(...conditions, substring));
  },

  /** Published, live notes for the planner app, most recently published first. */
  async listPublished(db: Db, tag: string | undefined, page: { take: number; page: number }) {
    const conditions: SQL[] = [eq(notes.status, 'published'), isNull(notes.archivedAt)];
    if (tag) conditions.push(arrayContains(notes.tags, [tag]));
    const where = and(...conditions);
    const total = await countRows(db, db.select({ id: notes.id }).from(notes).where(where));
    const items: NoteRow[] = await db
      .select(noteColumns)
      .from(notes)
      .where(where)
      .orderBy(desc(notes.publishedAt), desc(notes.id))
      .limit(page.take)
      .offset((page.page - 1) * page.take);
    return { items, count: total.count };
  },

  async find(db: Db, id: number): Promise<NoteRowWithAuthor | undefined> {
    const [row] = await selectWithAuthor(db).where(eq(notes.id, id));
    return row;
  },

  /** Locks the row for the rest of the transaction, so a concurrent change cannot slip between read and write. */
  async lock(db: Db, id: number): Promise<NoteRow | undefined> {
    const [row] = await db.select(noteColumns).from(notes).where(eq(notes.id, id)).for('update');
    return row;
  },

  async insert(db: Db, values: NewNote): Promise<NoteRow> {
    const [row] = await db.insert(notes).values(values).returning(noteColumns);
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** A change of the note's content: the next version; with `expected`, only over that version (If-Match). */
  async update(db: Db, id: number, changes: NoteChanges, expected?: number): Promise<NoteRow | undefined> {
    const [row] = await db
      .update(notes)
      .set({ ...changes, ...nextVersion(notes) })
      .where(sameVersion(notes, id, expected))
      .returning(noteColumns);
    return row;
  },

  /** Points the note at its stored card; answers the key it pointed at before (undefined: no such note). */
  async saveShareCard(db: Db, id: number, key: string): Promise<string | null | undefined> {
    const rows = await queryRows<{ previous: string | null }>(
      db,
      sql`UPDATE notes n SET share_card = ${key} FROM (SELECT id, share_card FROM notes WHERE id = ${id} FOR UPDATE) old
          WHERE n.id = old.id RETURNING old.share_card AS previous`,
    );
    return rows[0] ? rows[0].previous : undefined;
  },

  /** Tags in use on live notes, most used first. */
  tags: (db: Db) =>
    queryRows<{ tag: string; count: number }>(
      db,
      sql`SELECT tag, count(*)::int AS count FROM notes, unnest(tags) AS tag
          WHERE archived_at IS NULL GROUP BY tag ORDER BY count DESC, tag LIMIT 500`,
    ),
};
