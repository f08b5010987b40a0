/**
 * CSV that Russian Excel opens as it is meant: semicolons, quotes where needed, CRLF, and no cell
 * that a spreadsheet would run as a formula (OWASP "CSV injection"). Every CSV Pult writes goes
 * through here.
 */

/** What a spreadsheet evaluates when a cell starts with it: = + - @, and tab or CR (they hide the rest). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that a spreadsheet would evaluate gets a leading apostrophe, which makes it text;
 * that includes "+7…" phone numbers, which would otherwise be read as numbers and lose the plus.
 * Real numbers stay numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>) =>
  `${cells.map(csvCell).join(';')}\r\n`;

/** The first line of a file: a BOM, so Excel reads UTF-8 (Cyrillic) right, and the header. */
export const csvHeader = (names: readonly string[]) => `\uFEFF${csvLine(names)}`;
