/**
 * Pseudo-randomness inside PostgreSQL for the set-based generators (sql-users.ts, sql-billing.ts):
 * each draw is PostgreSQL's own 64-bit hash of the row's number, keyed by the seed and the draw's
 * number, so a row's values depend on (seed, row, draw) alone. Any chunk of rows can then be
 * generated on any connection, in any order, and give the same data.
 */

const DRAWS = 64n;
const INT8 = 0xffff_ffff_ffff_ffffn;

/** The hash key of one draw, as an int8 literal (the seed may be any safe integer). */
function drawKey(seed: number, draw: number): string {
  let key = (BigInt(seed) * DRAWS + BigInt(draw)) & INT8;
  if (key > INT8 >> 1n) key -= INT8 + 1n;
  return `${key}`;
}

/** A uniform number in [0, 1) for the row `row` (an int8 expression) and draw `draw` (< 64). */
export const uniform = (row: string, seed: number, draw: number) =>
  `((hashint8extended((${row})::int8, ${drawKey(seed, draw)}) & 4503599627370495)::float8 / 4503599627370496.0)`;

/** The first item whose cumulative weight passes `roll × total`: CASE over fixed thresholds. */
export function pickWeightedSql<T>(
  roll: string,
  items: readonly (readonly [T, number])[],
  value: (item: T) => string,
): string {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let cumulative = 0;
  const branches = items.slice(0, -1).map(([item, weight]) => {
    cumulative += weight;
    return `WHEN ${roll} < ${cumulative / total} THEN ${value(item)}`;
  });
  const last = items.at(-1);
  if (!last) throw new Error('pick from an empty list');
  return branches.length === 0 ? value(last[0]) : `CASE ${branches.join(' ')} ELSE ${value(last[0])} END`;
}

/** A text literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A text[] constant (1-based in SQL). */
export const textArray = (items: readonly string[]) => `ARRAY[${items.map(literal).join(',')}]::text[]`;

/** An index into a list of `n` biased towards its start (as `Random.pickSkewed`), 1-based. */
export const skewedIndex = (roll: string, n: number, skew = 1.8) => `(1 + floor(power(${roll}, ${skew}) * ${n})::int)`;
