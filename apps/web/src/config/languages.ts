import type { LocaleId } from './theme-config';

/** A language entry, with its code, name and flag. */
export interface LanguageEntry {
  /** Name of the language in that language, so a user who cannot read the current one finds theirs. */
  langName: string;
  langId: LocaleId;
  /** Short badge shown next to the name. */
  icon: string;
  /** BCP 47 tag for Intl and the <html lang> attribute. */
  lang: string;
}

export const LANGUAGES: readonly LanguageEntry[] = [
  { langName: 'Русский', langId: 'ru', icon: 'RU', lang: 'ru-RU' },
  { langName: 'English', langId: 'en', icon: 'EN', lang: 'en-US' },
  { langName: '中文', langId: 'zh', icon: 'ZH', lang: 'zh-CN' },
  { langName: 'Français', langId: 'fr', icon: 'FR', lang: 'fr-FR' },
  { langName: '日本語', langId: 'ja', icon: 'JA', lang: 'ja-JP' },
];

export const isLocaleId = (value: unknown): value is LocaleId =>
  LANGUAGES.some((language) => language.langId === value);

export const languageOf = (id: LocaleId): LanguageEntry =>
  LANGUAGES.find((language) => language.langId === id) ?? (LANGUAGES[0] as LanguageEntry);
