import { readSheet } from 'read-excel-file/node';

/** A cell as text, the way the person saw it: numbers without exponent or float noise, dates as yyyy-mm-dd. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // Phone numbers and codes typed as numbers: whole numbers in full, never 7.91e10.
    if (Number.isInteger(value)) return BigInt(value).toString();
    return String(Number(value.toPrecision(15)));
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/**
 * The rows of one sheet (the first, or the one named or numbered), as text cells, with their row
 * number in the sheet. read-excel-file reads the sheet's XML whole: an XLSX is compressed, and its
 * upload cap bounds the sheet (decision 0037); CSV is the streamed path for the largest files.
 */
export async function* xlsxRows(bytes: Buffer, sheet?: string): AsyncGenerator<{ row: number; cells: string[] }> {
  const which = sheet === undefined ? 1 : /^\d+$/.test(sheet) ? Number(sheet) : sheet;
  const data = await readSheet(bytes, which);
  for (const [index, cells] of data.entries()) {
    const texts = cells.map(cellText);
    if (texts.every((text) => text.trim() === '')) continue;
    yield { row: index + 1, cells: texts };
  }
}
