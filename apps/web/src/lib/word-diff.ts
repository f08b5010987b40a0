import { diffWords } from 'diff';

/** A run of a text comparison: in both texts, only in the old one, or only in the new one. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * A word-level comparison of two texts (a note's Markdown, an agreement), by jsdiff. Its own tokenizer
 * counts only Latin letters as word characters and would compare Russian letter by letter, so words are
 * cut by the browser's `Intl.Segmenter` in the reader's language where there is one.
 */
export function wordDiff(before: string, after: string, locale: string): DiffPart[] {
  const intlSegmenter =
    typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(locale, { granularity: 'word' }) : undefined;
  return diffWords(before, after, intlSegmenter ? { intlSegmenter } : {}).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
