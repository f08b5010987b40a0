import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { translations } from './translations';

/** Russian is the source of truth (Pult is Russian first); the other files must have every key of it. */
export const resources = {
  ru: { translation: translations.ru },
  en: { translation: translations.en },
  zh: { translation: translations.zh },
  fr: { translation: translations.fr },
  ja: { translation: translations.ja },
} as const;

export const i18n = i18next.createInstance();

export const initI18n = (locale: LocaleId) =>
  i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'ru',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
