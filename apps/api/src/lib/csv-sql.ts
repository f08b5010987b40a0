import { type SQL, sql } from 'drizzle-orm';

/**
 * The cells of `lib/csv.ts`, written in SQL, so that PostgreSQL can produce a whole CSV line and the
 * export never builds a JavaScript object per row. Byte for byte the same as `csvCell` (a test holds
 * both to the same file on PGlite and PostgreSQL): null → empty; text starting with = + - @, tab or
 * CR gets a leading apostrophe; text with " ; CR or LF is quoted, its quotes doubled.
 */

/** The characters a spreadsheet evaluates at the start of a cell (`FORMULA_START` in csv.ts). */
const FORMULA_START = sql.raw(`('=', '+', '-', '@', chr(9), chr(13))`);
/** What makes a cell need quotes: `"`, `;`, CR, LF (the bracket holds the real CR and LF characters). */
const NEEDS_QUOTES = sql.raw(`E'[";\\r\\n]'`);

/** A text cell. The expression is repeated inside the CASE; callers pass a column or a cheap expression. */
export const csvTextCell = (value: SQL): SQL => sql`(CASE
  WHEN ${value} IS NULL THEN ''
  WHEN ${value} ~ ${NEEDS_QUOTES} THEN
    '"' || replace(CASE WHEN left(${value}, 1) IN ${FORMULA_START} THEN '''' || ${value} ELSE ${value} END, '"', '""') || '"'
  WHEN left(${value}, 1) IN ${FORMULA_START} THEN '''' || ${value}
  ELSE ${value} END)`;

/**
 * A moment as JavaScript's `toISOString()` writes it: UTC, milliseconds (truncated, as the drivers
 * truncate microseconds when they make a Date), `Z`. Never needs quoting or a prefix.
 */
export const csvTimeCell = (value: SQL): SQL =>
  sql`coalesce(to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

/** A value a CHECK keeps to a few plain words (a role, a status): nothing to prefix or quote. */
export const csvWordCell = (value: SQL): SQL => sql`coalesce(${value}, '')`;

/** An integer: as `String(n)`; never needs quoting (a minus sign on a real number stays, as in csv.ts). */
export const csvNumberCell = (value: SQL): SQL => sql`coalesce((${value})::text, '')`;

/** Cells joined with `;` and ended with CRLF, as `csvLine` does. */
export const csvLineSql = (cells: SQL[]): SQL => sql`(${sql.join(cells, sql` || ';' || `)} || E'\\r\\n')`;
