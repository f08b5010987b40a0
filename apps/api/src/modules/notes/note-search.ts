import { type SQL, sql } from 'drizzle-orm';
import { notes } from '../../db/schema';
import { containsPattern } from '../../lib/sql-search';

/** Below this a substring search cannot use the trigram index (and matches nearly everything). */
const MIN_FRAGMENT = 3;

/**
 * The words of a search as a prefix tsquery: `to_tsquery('russian', 'планировать:*')` stems the word
 * ('планирова') and keeps the prefix flag, so «планировать» meets «планирование» ('планирован'),
 * whose stem the snowball stemmer cuts one letter later. Only letters and digits reach the query
 * text, so nothing a user types can be tsquery syntax.
 */
export function prefixTsquery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((word) => `${word}:*`)
    .join(' & ');
}

export interface NoteSearch {
  /** Matches the full text by word forms, or the text as a substring (3+ characters). */
  where: SQL;
  /** Relevance: full-text rank; substring-only matches rank 0 and fall behind. */
  rank: SQL<number>;
}

export function noteSearch(text: string): NoteSearch | null {
  const tsquery = prefixTsquery(text);
  const fragment = text.trim().length >= MIN_FRAGMENT ? containsPattern(text.trim()) : null;
  if (!tsquery && !fragment) return null;
  const query = tsquery ? sql`to_tsquery('russian'::regconfig, ${tsquery})` : null;
  const parts: SQL[] = [];
  if (query) parts.push(sql`${notes.searchVector} @@ ${query}`);
  if (fragment) parts.push(sql`(${notes.title} || ' ' || ${notes.body}) ILIKE ${fragment}`);
  return {
    where: sql`(${sql.join(parts, sql` OR `)})`,
    rank: query ? sql<number>`ts_rank(${notes.searchVector}, ${query})` : sql<number>`0`,
  };
}
