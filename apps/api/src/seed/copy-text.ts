import type { Cell } from './seed-source';

/** Characters COPY's text format gives a meaning to; escaped so that any text survives the trip. */
const special = /[\\\t\n\r]/;
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function encodeCell(cell: Cell): string {
  if (cell === null) return '\\N';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'string') {
    return special.test(cell) ? cell.replace(/[\\\t\n\r]/g, (c) => escapes[c] ?? c) : cell;
  }
  return String(cell);
}

/** One row in PostgreSQL's COPY text format: tab-separated, `\N` for null, newline-terminated. */
export function copyTextRow(cells: readonly Cell[]): string {
  let out = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) out += '\t';
    out += encodeCell(cells[i] ?? null);
  }
  return `${out}\n`;
}
