import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, time, version } from './columns';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Editorial cards for the planner app. Archiving sets `archived_at`; nothing is deleted. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    coverImage: text('cover_image'),
    publishedAt: time('published_at'),
    authorId: integer('author_id').references(() => users.id),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    archivedAt: time('archived_at'),
    /** The stored share card's key (`note-cards/<hash of what is drawn>.png`), so an unchanged note is not drawn again. */
    shareCard: text('share_card'),
    version: version(),
    /**
     * Russian full text: snowball stems make word forms meet (the title weighs more than the body).
     * Latin words go through the English stemmer within the same configuration.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian'::regconfig, title), 'A') || setweight(to_tsvector('russian'::regconfig, body), 'B')`,
      ),
  },
  (t) => [
    index('notes_created_at_idx').on(t.createdAt, t.id),
    index('notes_author_idx').on(t.authorId),
    index('notes_published_idx').on(t.publishedAt, t.id).where(sql`status = 'published' AND archived_at IS NULL`),
    index('notes_tags_idx').using('gin', t.tags),
    index('notes_search_idx').using('gin', t.searchVector),
    // Fragments ("ланиров") that no stem matches: a substring search the trigram index serves.
    index('notes_text_trgm')
      .using('gin', sql`(${t.title} || ' ' || ${t.body}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 1024 }),
    check('notes_status_check', oneOf(t.status, ['draft', 'published'])),
    check('notes_published_at_check', sql`${t.status} = 'draft' OR ${t.publishedAt} IS NOT NULL`),
  ],
);
