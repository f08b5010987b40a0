import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import jaJP from 'antd/locale/ja_JP';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import type { LocaleId } from './theme-config';

/** antd's own texts (pagination, pickers, empty states) follow the interface language. */
export const ANTD_LOCALES: Record<LocaleId, Locale> = { ru: ruRU, en: enUS, zh: zhCN, fr: frFR, ja: jaJP };
