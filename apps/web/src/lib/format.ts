import dayjs from 'dayjs';
import { languageOf } from '../config/languages';
import type { LocaleId } from '../config/theme-config';

/** Date patterns per language, each as its readers write dates (French day first, Japanese year first). */
export const DATE_FORMATS: Record<LocaleId, string> = {
  ru: 'DD.MM.YYYY',
  en: 'MM/DD/YYYY',
  zh: 'YYYY-MM-DD',
  fr: 'DD/MM/YYYY',
  ja: 'YYYY年M月D日',
};

/** dayjs names its locales a little differently from ours; each is loaded with its language's bundle. */
export const DAYJS_LOCALES: Record<LocaleId, string> = { ru: 'ru', en: 'en', zh: 'zh-cn', fr: 'fr', ja: 'ja' };

type DateInput = string | number | Date | null | undefined;

export const formatDate = (value: DateInput, locale: LocaleId): string => {
  if (value === null || value === undefined || value === '') return '—';
  const date = dayjs(value);
  return date.isValid() ? date.locale(DAYJS_LOCALES[locale]).format(DATE_FORMATS[locale]) : '—';
};

export const formatDateTime = (value: DateInput, locale: LocaleId): string => {
  const date = formatDate(value, locale);
  return date === '—' ? date : `${date} ${dayjs(value).format('HH:mm')}`;
};

/**
 * Intl formatters, one per language and options: building one costs far more than using it (a list
 * formats every row's amount and date), so each is built once and kept.
 */
const keptPerOptions = <O, F>(build: (lang: string, options?: O) => F) => {
  const kept = new Map<string, F>();
  return (lang: string, options?: O): F => {
    const key = `${lang}|${JSON.stringify(options ?? {})}`;
    let formatter = kept.get(key);
    if (!formatter) {
      formatter = build(lang, options);
      kept.set(key, formatter);
    }
    return formatter;
  };
};

export const numberFormat = keptPerOptions(
  (lang, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(lang, options),
);
export const dateTimeFormat = keptPerOptions(
  (lang, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, options),
);

export const formatNumber = (value: number, locale: LocaleId): string =>
  numberFormat(languageOf(locale).lang).format(value);

/**
 * Money arrives in minor units (kopecks), whole numbers that add up exactly. The currency's own number of fraction
 * digits turns it into a major amount, so RUB 199000 → «1 990,00 ₽» and a JPY amount stays whole.
 */
export const formatMoney = (minorUnits: number, locale: LocaleId, currency = 'RUB'): string => {
  const formatter = numberFormat(languageOf(locale).lang, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
};

/** A list total; a count the server only estimated (huge tables) reads «≈ 1 500 000». */
export const formatCount = (count: number, isEstimate: boolean, locale: LocaleId): string =>
  isEstimate ? `≈ ${formatNumber(count, locale)}` : formatNumber(count, locale);
