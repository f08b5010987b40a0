/** Lower case, «ё» as «е», runs of spaces as one: how people type a name they half remember. */
export const normalize = (text: string, locale?: string): string =>
  text.toLocaleLowerCase(locale).replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();

/**
 * How well `query` names `label`, higher is better, or null when it does not. A label that starts
 * with the query beats one with a word starting with it, which beats the query anywhere inside;
 * last come the query's letters in order with gaps («пзв» for «Пользователи»), so a slip of the
 * keyboard still finds the screen. An empty query matches everything equally.
 */
export const matchScore = (query: string, label: string, locale?: string): number | null => {
  const needle = normalize(query, locale);
  if (!needle) return 0;
  const haystack = normalize(label, locale);
  if (haystack.startsWith(needle)) return 4;
  const at = haystack.indexOf(needle);
  if (at > 0) return /[\s\-/«("]/.test(haystack[at - 1] ?? '') ? 3 : 2;
  return isSubsequence(needle.replaceAll(' ', ''), haystack) ? 1 : null;
};

const isSubsequence = (needle: string, haystack: string): boolean => {
  let next = 0;
  for (const char of haystack) {
    if (char === needle[next]) next += 1;
    if (next === needle.length) return true;
  }
  return needle.length === 0;
};

/** The items that match, best first; equal scores keep their given order. */
export const rank = <T>(query: string, items: readonly T[], labelOf: (item: T) => string, locale?: string): T[] =>
  items
    .map((item, index) => ({ item, index, score: matchScore(query, labelOf(item), locale) }))
    .filter((entry): entry is { item: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
