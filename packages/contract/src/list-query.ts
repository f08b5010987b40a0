import { z } from 'zod';
import { dbId } from './common';

/**
 * The one list dialect. A list's query is `listQuery(filters)`: `take` (1–100, 20 unless the list says
 * otherwise) and a 1-based `page`, then flat filters built from `filter.*`:
 * - a blank value is the same as leaving the parameter out (a cleared filter field means "any");
 * - several values are a comma list (`status=active,blocked`), `commaList(values)`;
 * - a range is `from`/`to` (inclusive instants) on the list's own date, `<field>From`/`<field>To` on any
 *   other field (`amountFrom`). The seed's names stay where the seed fixes them (`startDate`/`endDate`
 *   of `/reminders`, `query` of `/notes`);
 * - JSON in a parameter only where the seed put it (`/users?where=`, `…/activated?where=`), read by
 *   `jsonParam` into the same filter object the flat parameters make.
 */

export const MAX_TAKE = 100;
/** Page numbers stop where OFFSET would stop meaning anything (and before it overflows). */
export const MAX_PAGE = 10_000_000;
const DEFAULT_TAKE = 20;

export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE);

/** `take`: rows per page; `max` above 100 only where a spec asks (the seed's Telegram channels, take 1000). */
export const takeParam = (fallback = DEFAULT_TAKE, max = MAX_TAKE) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** Paging query shared by every list: take ≤ 100, 1-based page. */
export const pageQuery = z.object({ take: takeParam(), page: pageNumber.default(1) });
export type PageQuery = z.infer<typeof pageQuery>;

export interface PagingOptions {
  /** Rows when `take` is left out (20). */
  take?: number;
  /** The largest `take` (100). */
  maxTake?: number;
}

/** A paged list's query: `pageQuery` extended by its filters. */
export const listQuery = <S extends z.ZodRawShape>(filters: S, paging: PagingOptions = {}) =>
  pageQuery.extend({ take: takeParam(paging.take, paging.maxTake) }).extend(filters);

/** A keyset list's query (no page numbers, the list's own `cursor` among its filters): `take` and the filters. */
export const keysetQuery = <S extends z.ZodRawShape>(filters: S, paging: PagingOptions = {}) =>
  z.object({ take: takeParam(paging.take, paging.maxTake) }).extend(filters);

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A filter parameter that may be left out, where a blank value means "left out" too. The cast keeps
 * the input type of `schema` for callers (zod types a preprocess's input as `unknown`).
 */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional()) as unknown as z.ZodOptional<T>;

type Values = readonly [string, ...string[]];

/**
 * Several values of an enum as a comma list (`status=active,blocked`), or as an array (the clients
 * may pass one; a repeated parameter arrives as one too). Each value at most once is not required.
 */
export const commaList = <T extends Values>(values: T) =>
  optionalFilter(
    z.preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value),
      z.array(z.enum(values)).min(1).max(values.length),
    ) as unknown as z.ZodType<T[number][], T[number][] | string>,
  );

/** An instant with its offset, as ranges take them. */
export const instant = z.iso.datetime({ offset: true });

/** `true`/`false` in a query string. */
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
) as unknown as z.ZodType<boolean, boolean | 'true' | 'false'>;

/** The field builders every list's filters are made of. */
export const filter = {
  /** Free text, trimmed; `max` characters. */
  text: (max = 100) => optionalFilter(z.string().trim().min(1).max(max)),
  id: () => optionalFilter(dbId),
  /** One value of an enum schema. */
  oneOf: <T extends z.ZodEnum>(values: T) => optionalFilter(values),
  list: commaList,
  instant: () => optionalFilter(instant),
  flag: () => optionalFilter(flag),
  /** A whole number from `min` (amounts in kopecks). */
  int: (min = 0) => optionalFilter(z.coerce.number().int().min(min).max(Number.MAX_SAFE_INTEGER)),
};

/**
 * A query parameter that carries JSON (the seed's `where=`): text → `JSON.parse` → `schema`, with an
 * error a person can read; blank text is `{}`. The one JSON-parameter parser.
 */
export const jsonParam = <T extends z.ZodType>(schema: T, maxLength = 2000) =>
  z
    .string()
    .max(maxLength)
    .transform((text, ctx) => {
      if (text.trim() === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'where must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(schema);
