/** One line of a comparison: kept in both, only in the old text, or only in the new one. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Above this many line pairs the table would be too big; the texts are compared as a whole instead. */
const MAX_CELLS = 4_000_000;

/**
 * A line diff by longest common subsequence: what was removed from `before` and added in `after`,
 * in order. Legal texts run to hundreds of lines, well within the table's size.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.replace(/\r\n?/g, '\n').split('\n');
  const b = after.replace(/\r\n?/g, '\n').split('\n');
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text) => ({ kind: 'removed' as const, text })),
      ...b.map((text) => ({ kind: 'added' as const, text })),
    ];
  }
  // lcs[i][j]: the common subsequence length of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
      lines.push({ kind: 'removed', text: a[i++] ?? '' });
    else lines.push({ kind: 'added', text: b[j++] ?? '' });
  }
  while (i < a.length) lines.push({ kind: 'removed', text: a[i++] ?? '' });
  while (j < b.length) lines.push({ kind: 'added', text: b[j++] ?? '' });
  return lines;
}
