import type { FieldChange } from '@pult/contract';
import type { TFunction } from 'i18next';
import type { LocaleId } from '../config/theme-config';
import { durationText } from './duration';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';

/** What reading a kept value needs: the words of the language shown, and how it writes numbers and dates. */
export interface ValueReader {
  t: TFunction;
  locale: LocaleId;
}

/** How one field's kept value reads: «1 990,00 ₽», not 199000; «Месяц», not month. */
export type FieldFormat = (value: unknown, reader: ValueReader) => string;

/**
 * A resource's fields as a person reads them, for its history, the comparison of two versions and the
 * conflict dialog alike. Each feature keeps its map next to its fields' labels (a plan's `PLAN_FIELD_VALUES`):
 * the words for its values (a plan's periods) are its own texts, which lib/ may not name. A field the map does
 * not name reads by `revisionValue`.
 */
export type FieldFormats = Readonly<Partial<Record<string, FieldFormat>>>;

const NOTHING = '—';
const isNothing = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A value of a field no map names, by its kind: yes or no, a list joined, nothing as a dash, an object as JSON. */
export const revisionValue = (value: unknown, reader: ValueReader): string => {
  if (isNothing(value)) return NOTHING;
  if (Array.isArray(value)) return value.map((item) => revisionValue(item, reader)).join(', ');
  if (typeof value === 'boolean') return reader.t(value ? 'versions.value.yes' : 'versions.value.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** One field's value as its resource's map says, a dash for nothing whatever the field. */
export const fieldValue = (field: string, value: unknown, formats: FieldFormats, reader: ValueReader): string =>
  isNothing(value) ? NOTHING : (formats[field] ?? revisionValue)(value, reader);

/** A value of an unexpected type (an old revision, a changed schema) falls back to the default reading. */
const when =
  <T>(is: (value: unknown) => value is T, read: (value: T, reader: ValueReader) => string): FieldFormat =>
  (value, reader) =>
    is(value) ? read(value, reader) : revisionValue(value, reader);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isDateLike = (value: unknown): value is string | number => isString(value) || isNumber(value);

/** The builders the features' maps are made of, so each kind of value reads the same on every resource. */
export const valueAs = {
  /** Money kept in minor units (kopecks): 199000 → «1 990,00 ₽». */
  money: (currency = 'RUB'): FieldFormat => when(isNumber, (value, { locale }) => formatMoney(value, locale, currency)),
  /** Money as a form holds it, in major units (roubles): 1990 → «1 990,00 ₽». */
  majorMoney: (currency = 'RUB'): FieldFormat =>
    when(isNumber, (value, { locale }) => formatMoney(Math.round(value * 100), locale, currency)),
  /** A whole number grouped as the language writes it: «10 000». */
  number: when(isNumber, (value, { locale }) => formatNumber(value, locale)),
  /** A term in days: «30 дней», and the lifetime marker (36 500) as «бессрочно». */
  days: when(isNumber, (value, { t, locale }) => durationText(t, locale, value)),
  date: when(isDateLike, (value, { locale }) => formatDate(value, locale)),
  dateTime: when(isDateLike, (value, { locale }) => formatDateTime(value, locale)),
  /** A stored file (`avatars/3f2a….webp`) by its name, without the storage's folders. */
  file: when(isString, (value) => value.split(/[\\/]/).pop() || value),
  /**
   * One of a fixed set (a period, a status, a role) in the words the resource's own screen uses for it:
   * the feature passes a function that names its key with the value in it, written out in the feature so the
   * key check (locales/keys-in-code.test.ts) and each screen's texts (app/screen-texts.test.ts) see it.
   * A value with no words of its own (one added on the server later) reads as it is kept.
   */
  choice: (word: (value: string, t: TFunction) => string): FieldFormat =>
    when(isString, (value, { t }) => {
      const text = word(value, t);
      return text && !text.endsWith(`.${value}`) ? text : value;
    }),
} as const;

/** The changes a history shows: each field once, in the order the server kept them, read as the resource says. */
export const shownChanges = (changes: FieldChange[], formats: FieldFormats, reader: ValueReader) =>
  changes.map((change) => ({
    ...change,
    before: fieldValue(change.field, change.before, formats, reader),
    after: fieldValue(change.field, change.after, formats, reader),
  }));
