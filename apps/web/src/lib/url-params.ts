import type { SortOf } from '@pult/contract';
import dayjs from 'dayjs';

/**
 * List screens keep their filters, page and size in the search params (shareable, kept by reload
 * and back). Each screen declares its parameters as a schema of `UrlParam`s; `readUrl` and
 * `writeUrl` are the one reader and writer. Reading never throws: anything malformed is dropped
 * rather than sent to the API as a 400. Writing leaves out empty values and defaults, so a plain
 * list has a plain URL, and lists values in one order, so one filter always has one URL.
 */
export interface UrlParam<T> {
  /** The search parameter's name when it is not the field's. */
  name?: string;
  read(raw: string | null): T;
  /** The parameter's text, or undefined to leave it out. */
  write(value: T): string | undefined;
}

export type UrlSchema = Record<string, UrlParam<unknown>>;
type ValueOf<P> = P extends UrlParam<infer T> ? T : never;
/** The values a schema reads; a value that may be absent is an optional field. */
export type UrlValues<S extends UrlSchema> = {
  [K in keyof S as undefined extends ValueOf<S[K]> ? never : K]: ValueOf<S[K]>;
} & { [K in keyof S as undefined extends ValueOf<S[K]> ? K : never]?: ValueOf<S[K]> };

export const DEFAULT_TAKE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const numberText = (value: number | undefined) => (value === undefined ? undefined : String(value));

const positive = (value: string | null): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** The parameters' builders. */
export const urlParam = {
  /** Free text, trimmed; blank is absent. */
  text: (): UrlParam<string | undefined> => ({
    read: (raw) => raw?.trim() || undefined,
    write: (value) => value?.trim() || undefined,
  }),
  /** A comma list restricted to the allowed values, without repeats, in the order of `allowed`. */
  list: <T extends string>(allowed: readonly T[]): UrlParam<T[]> => {
    const pick = (values: readonly string[]) => allowed.filter((item) => values.includes(item));
    return {
      read: (raw) => pick((raw ?? '').split(',')),
      write: (values) => pick(values).join(',') || undefined,
    };
  },
  /** One of the allowed values. */
  oneOf: <T extends string>(allowed: readonly T[]): UrlParam<T | undefined> => ({
    read: (raw) => allowed.find((item) => item === raw),
    write: (value) => value,
  }),
  positiveInt: (): UrlParam<number | undefined> => ({ read: positive, write: numberText }),
  /** One of the offered page sizes. */
  size: (sizes: readonly number[]): UrlParam<number | undefined> => ({
    read: (raw) => sizes.find((size) => size === positive(raw)),
    write: numberText,
  }),
  /** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
  day: (): UrlParam<string | undefined> => ({
    read: (raw) =>
      raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).format('YYYY-MM-DD') === raw ? raw : undefined,
    write: (value) => value,
  }),
  /** A list's order, `field:asc|desc`, the field one of those the contract allow-lists for the list. */
  sort: <F extends string>(fields: readonly F[]): UrlParam<SortOf<F> | undefined> => ({
    read: (raw) => {
      const at = raw?.lastIndexOf(':') ?? -1;
      if (!raw || at < 0) return undefined;
      const [field, direction] = [raw.slice(0, at), raw.slice(at + 1)];
      return fields.some((allowed) => allowed === field) && (direction === 'asc' || direction === 'desc')
        ? (raw as SortOf<F>)
        : undefined;
    },
    write: (value) => value,
  }),
  /** Text that matches `pattern` as a whole. */
  matching: (pattern: RegExp): UrlParam<string | undefined> => ({
    read: (raw) => (raw !== null && pattern.test(raw) ? raw : undefined),
    write: (value) => value,
  }),
  /** Yes or no, written as the two given words. */
  flag: (yes: string, no: string): UrlParam<boolean | undefined> => ({
    read: (raw) => (raw === yes ? true : raw === no ? false : undefined),
    write: (value) => (value === undefined ? undefined : value ? yes : no),
  }),
  /** A number read by the screen's own rule (amounts in roubles, say). */
  number: (read: (raw: string | null) => number | undefined): UrlParam<number | undefined> => ({
    read,
    write: numberText,
  }),
};

/** `param` with `fallback` in place of an absent value; the fallback itself is left out of the URL. */
export const orElse = <T, F extends T | null>(param: UrlParam<T | undefined>, fallback: F): UrlParam<T | F> => ({
  name: param.name,
  read: (raw) => param.read(raw) ?? fallback,
  write: (value) => (value === fallback || value === null ? undefined : param.write(value as T)),
});

/** Gives a parameter a URL name of its own (`in` for the field `searchIn`). */
export const named = <T>(name: string, param: UrlParam<T>): UrlParam<T> => ({ ...param, name });

/** The page and its size: every paged list has them, last in its URL. */
export const pagingParams = ({ defaultTake = DEFAULT_TAKE, sizes = PAGE_SIZES as readonly number[] } = {}) => ({
  page: orElse(urlParam.positiveInt(), 1),
  take: orElse(urlParam.size(sizes), defaultTake),
});

const nameOf = (schema: UrlSchema, key: string) => schema[key]?.name ?? key;

export const readUrl = <S extends UrlSchema>(schema: S, params: URLSearchParams): UrlValues<S> =>
  Object.fromEntries(
    Object.entries(schema).map(([key, param]) => [key, param.read(params.get(nameOf(schema, key)))]),
  ) as UrlValues<S>; // why: built key by key from the schema, the mapped type above

/**
 * Values → search params, in the schema's order; parameters the schema does not know (a tab, say)
 * are kept from `others`, after them.
 */
export const writeUrl = <S extends UrlSchema>(
  schema: S,
  values: UrlValues<S>,
  others: URLSearchParams = new URLSearchParams(),
): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, param] of Object.entries(schema)) {
    const text = param.write((values as Record<string, unknown>)[key]);
    if (text !== undefined && text !== '') params.set(nameOf(schema, key), text);
  }
  const known = new Set(Object.keys(schema).map((key) => nameOf(schema, key)));
  for (const [name, value] of others) if (!known.has(name)) params.append(name, value);
  return params;
};
