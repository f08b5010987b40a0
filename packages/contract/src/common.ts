import { z } from 'zod';

import { roles } from './roles';

export * from './roles';

export const role = z.enum(roles);

/**
 * A row id in a path or query: ids are PostgreSQL `integer`s, so anything above 2^31−1 is refused
 * here (400) instead of overflowing in the database (500).
 */
export const dbId = z.coerce.number().int().positive().max(2_147_483_647);
/** The same bound for an id inside a JSON body, where a number must be a number. */
export const dbIdValue = z.number().int().positive().max(2_147_483_647);

export const idParam = z.object({ id: dbId });

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];
/** A list's order as its `sort` parameter writes it: `field:asc` or `field:desc`. */
export type SortOf<F extends string> = `${F}:${SortDirection}`;

/**
 * The `sort` parameter of a list: `field:asc|desc`, the field one of the allow-listed `fields` (those
 * an index can serve, so page 1 never sorts a whole table). Every list that can be sorted uses it.
 */
export const sortQuery = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z.enum(fields.flatMap((field) => sortDirections.map((dir) => `${field}:${dir}`)) as [SortOf<F[number]>]);

/** `field:dir` → its parts. */
export const sortParts = <F extends string>(sort: SortOf<F>) => {
  const at = sort.lastIndexOf(':');
  return { field: sort.slice(0, at) as F, direction: sort.slice(at + 1) as SortDirection };
};

/** `{ items, count }`: the one page shape every list answers with. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), count: z.number().int().nonnegative() });

/**
 * A page of a large list whose count may be the planner's estimate (`countIsEstimate`): the UI
 * shows it as approximate. `extra` adds list-specific fields (e.g. related rows).
 */
export const estimatedPage = <T extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: X,
) =>
  paged(item)
    .extend({ countIsEstimate: z.boolean() })
    .extend(extra ?? ({} as X));

export const okResponse = z.object({ ok: z.literal(true) });
