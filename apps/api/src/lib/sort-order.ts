import { type SortOf, sortParts } from '@pult/contract';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * A list's `sort` (`field:asc|desc`, allow-listed by the contract) → ORDER BY: the field's column, then
 * `tieBreak` (the id) in the same direction, so pages never overlap. `reverse` flips both, for deep
 * pages read from the other end (`pageWindow`). Each direction of (column, id) is one index walk,
 * forwards or backwards, when the list has that index.
 */
export function sortOrder<F extends string>(
  sort: SortOf<F>,
  columns: Record<F, AnyColumn>,
  tieBreak: AnyColumn,
  reverse = false,
): SQL[] {
  const { field, direction } = sortParts(sort);
  const by = (direction === 'desc') !== reverse ? desc : asc;
  const column = columns[field];
  return column === tieBreak ? [by(tieBreak)] : [by(column), by(tieBreak)];
}
