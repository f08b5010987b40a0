import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import ja from '../locales/ja.json';
import ru from '../locales/ru.json';
import zh from '../locales/zh.json';

/** Russian is the source of truth (product.md §1); the other files must have every key of it. */
export const resources = {
  ru: { translation: ru },
  en: { translation: en },
  zh: { translation: zh },
  fr: { translation: fr },
  ja: { translation: ja },
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
