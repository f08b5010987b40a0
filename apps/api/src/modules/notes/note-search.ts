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

/** Full text by word forms; `query` is the tsquery, for ranking (title words weigh more than body words). */
export function fullTextSearch(text: string): { where: SQL; query: SQL } | null {
  const tsquery = prefixTsquery(text);
  if (!tsquery) return null;
  const query = sql`to_tsquery('russian'::regconfig, ${tsquery})`;
  return { where: sql`${notes.searchVector} @@ ${query}`, query };
}

/** The fallback for a fragment no word form matches («ланиров»): a substring, served by the trigram index. */
export function substringSearch(text: string): SQL | null {
  const fragment = text.trim();
  if (fragment.length < MIN_FRAGMENT) return null;
  return sql`(${notes.title} || ' ' || ${notes.body}) ILIKE ${containsPattern(fragment)}`;
}
