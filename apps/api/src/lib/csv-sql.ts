import { type SQL, sql } from 'drizzle-orm';
import { csvCell } from './csv';

/**
 * The cells of `lib/csv.ts`, written in SQL, so that PostgreSQL can produce a whole CSV line and the
 * export never builds a JavaScript object per row. Byte for byte the same as `csvCell` (a test holds
 * both to the same file on PGlite and PostgreSQL): null → empty; text starting with = + - @, tab or
 * CR gets a leading apostrophe; text with " ; CR or LF is quoted, its quotes doubled.
 */

/**
 * The characters a spreadsheet evaluates at the start of a cell (`FORMULA_START` in csv.ts), as the
 * code points `ascii()` gives for a value's first character (= + - @, tab, CR; 0 for an empty value).
 * Not `left(value, 1) IN (…)`: that makes a new string per cell (0.43 s per million values against
 * 0.15 s for `ascii()`, which compares integers), and a line has five text cells.
 */
const STARTS_A_FORMULA = (value: SQL): SQL => sql`ascii(${value}) IN (61, 43, 45, 64, 9, 13)`;
/**
 * What makes a cell need quotes: `"`, `;`, CR or LF (the E-strings hold the real CR and LF). Four
 * LIKEs, not the regular expression `[";\r\n]`: they scan a short value in about half the time
 * (0.32 against 0.6 µs), which is 1.4 s of a 1M-user export with its five text cells a line.
 */
const NEEDS_QUOTES = (value: SQL): SQL =>
  sql`(${value} LIKE '%"%' OR ${value} LIKE '%;%' OR ${value} LIKE E'%\\r%' OR ${value} LIKE E'%\\n%')`;

/** A text cell. The expression is repeated inside the CASE; callers pass a column or a cheap expression. */
export const csvTextCell = (value: SQL): SQL => sql`(CASE
  WHEN ${value} IS NULL THEN ''
  WHEN ${NEEDS_QUOTES(value)} THEN
    '"' || replace(CASE WHEN ${STARTS_A_FORMULA(value)} THEN '''' || ${value} ELSE ${value} END, '"', '""') || '"'
  WHEN ${STARTS_A_FORMULA(value)} THEN '''' || ${value}
  ELSE ${value} END)`;

/**
 * A moment as a spreadsheet reads a date and time, `YYYY-MM-DD HH:mm:ss`, on the clocks of `zone`
 * (an IANA name: the settings' time zone, so the file says what the screens say). Never needs quoting
 * or a prefix.
 */
export const csvLocalTimeCell = (value: SQL, zone: string): SQL =>
  sql`coalesce(to_char(${value} AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI:SS'), '')`;

/**
 * A value a CHECK keeps to a few plain words (a role, a status), written as a person reads it: each
 * word's label, already a CSV cell (`csvCell`, so a label needing quotes gets them), chosen in the
 * database; a word without a label is written as it is.
 */
export const csvLabelCell = (value: SQL, labels: Readonly<Record<string, string>>): SQL =>
  sql`(CASE ${value} ${sql.join(
    Object.entries(labels).map(([word, label]) => sql`WHEN ${word} THEN ${csvCell(label)}`),
    sql` `,
  )} ELSE coalesce(${value}, '') END)`;

/** An integer: as `String(n)`; never needs quoting (a minus sign on a real number stays, as in csv.ts). */
export const csvNumberCell = (value: SQL): SQL => sql`coalesce((${value})::text, '')`;

/** Cells joined with `;` and ended with CRLF, as `csvLine` does. */
export const csvLineSql = (cells: SQL[]): SQL => sql`(${sql.join(cells, sql` || ';' || `)} || E'\\r\\n')`;
