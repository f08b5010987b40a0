import { QueryClientProvider } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { languageOf } from '../config/languages';
import { accessibleTheme } from '../config/theme-tokens';
import { DAYJS_LOCALES } from '../lib/format';
import { i18n } from '../lib/i18n';
import { loadedAntdLocale } from '../lib/language-loader';
import { queryClient } from '../lib/query-client';
import { usePublicConfig } from '../lib/resources/public-config';
import { ScreenCommandsProvider } from '../lib/screen-commands';
import { useTheme } from '../lib/theme-store';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { AppRoot } from './app-root';

/** antd's own form messages (required, type, length, range, pattern) in the chosen language. */
const useValidateMessages = () => {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      required: t('validation.required'),
      types: { email: t('validation.email') },
      string: {
        len: t('validation.len'),
        min: t('validation.min'),
        max: t('validation.max'),
        range: t('validation.range'),
      },
      number: { range: t('validation.range') },
      pattern: { mismatch: t('validation.pattern') },
    }),
    [t],
  );
};

const ThemedApp = ({ children }: { children: ReactNode }) => {
  const theme = useTheme();
  const validateMessages = useValidateMessages();
  // The language shown, which follows the chosen one once its bundle has arrived (i18next waits for it).
  const { i18n: shown } = useTranslation();
  const dark = theme.currentTheme === 'dark';
  const tokens = accessibleTheme(dark);
  const reducedMotion = useReducedMotion();

  // The project's name is a system setting; the title says it next to the interface's own name.
  const projectName = usePublicConfig().data?.projectName;

  // The language, the date library and the document follow the theme state (the locale is part of the theme state).
  useEffect(() => {
    void i18n.changeLanguage(theme.locale).then(() => dayjs.locale(DAYJS_LOCALES[theme.locale]));
    document.documentElement.lang = languageOf(theme.locale).lang;
  }, [theme.locale]);

  useEffect(() => {
    const title = i18n.t('app.title', { lng: theme.locale });
    document.title = projectName ? `${projectName} — ${title}` : title;
  }, [theme.locale, projectName]);

  useEffect(() => {
    document.documentElement.dir = theme.direction;
  }, [theme.direction]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme.currentTheme;
  }, [theme.currentTheme]);

  return (
    <ConfigProvider
      locale={loadedAntdLocale(shown.language)}
      direction={theme.direction}
      form={{ validateMessages }}
      theme={{
        algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...tokens.token, motion: !reducedMotion },
        components: {
          ...tokens.components,
          Layout: {
            headerBg: theme.headerNavColor || (dark ? '#141414' : '#ffffff'),
            headerPadding: '0 16px',
            bodyBg: dark ? '#000000' : '#f5f7fb',
            footerBg: dark ? '#000000' : '#f5f7fb',
          },
        },
      }}
    >
      <AppRoot>
        {/* Screens publish their main actions here; the header's command palette offers them. */}
        <ScreenCommandsProvider>{children}</ScreenCommandsProvider>
      </AppRoot>
    </ConfigProvider>
  );
};

export const AppProviders = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <ThemedApp>{children}</ThemedApp>
    </I18nextProvider>
  </QueryClientProvider>
);
