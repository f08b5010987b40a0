import { QueryClientProvider } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { StepUpHost } from '../components/step-up/step-up-host';
import { isLocaleId } from '../config/languages';
import { accessibleTheme } from '../config/theme-tokens';
import { agreementKeys } from '../features/agreements';
import { onSignedOut } from '../lib/api-client';
import { DAYJS_LOCALES } from '../lib/format';
import { loadedAntdLocale } from '../lib/language-loader';
import { projectNameStore } from '../lib/project-name';
import { queryClient } from '../lib/query-client';
import { reloadOnStaffChange } from '../lib/reload-on-staff-change';
import { planKeys } from '../lib/resources/plans';
import { publicConfigQueryOptions, usePublicConfig } from '../lib/resources/public-config';
import { ScreenCommandsProvider } from '../lib/screen-commands';
import { sessionStore } from '../lib/session-store';
import { useTheme } from '../lib/theme-store';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { AppRoot } from './app-root';

// Cached server state belongs to the user who fetched it. Registered when this chunk first loads:
// before that there is no cache to clear or reload.
onSignedOut(() => queryClient.clear());
// A new signed-in user gets the plan descriptions and the agreements loaded again (another user may see other ones).
reloadOnStaffChange(sessionStore, queryClient, [planKeys.all, agreementKeys.all]);
// The public settings (the project name, the scheduling time zone) are asked for as soon as this chunk
// arrives, alongside the screen's own chunk, not once the screens render.
void queryClient.prefetchQuery(publicConfigQueryOptions());

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

/**
 * The title names the project (app/providers.tsx draws it); the login pages keep it once known. A
 * component of its own, so the settings' arrival re-renders nothing else.
 */
const ProjectNameSync = () => {
  const projectName = usePublicConfig().data?.projectName;
  useEffect(() => projectNameStore.set(projectName), [projectName]);
  return null;
};

const ThemedScreens = () => {
  const theme = useTheme();
  const validateMessages = useValidateMessages();
  // The language shown, which follows the chosen one once its bundle has arrived (i18next waits for it).
  const { i18n: shown } = useTranslation();
  const dark = theme.currentTheme === 'dark';
  const reducedMotion = useReducedMotion();
  const headerBg = theme.headerNavColor || (dark ? '#141414' : '#ffffff');

  // A new object here is a new context for every antd component below, which all draw again: the
  // configuration changes only with what it is made of.
  const form = useMemo(() => ({ validateMessages }), [validateMessages]);
  const themeConfig = useMemo(() => {
    const tokens = accessibleTheme(dark);
    return {
      algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { ...tokens.token, motion: !reducedMotion },
      components: {
        ...tokens.components,
        Layout: {
          headerBg,
          headerPadding: '0 16px',
          bodyBg: dark ? '#000000' : '#f5f7fb',
          footerBg: dark ? '#000000' : '#f5f7fb',
        },
      },
    };
  }, [dark, reducedMotion, headerBg]);

  // The date library speaks the language shown (its locale arrives in the same bundle).
  useEffect(() => {
    if (isLocaleId(shown.language)) dayjs.locale(DAYJS_LOCALES[shown.language]);
  }, [shown.language]);

  return (
    <ConfigProvider
      locale={loadedAntdLocale(shown.language)}
      direction={theme.direction}
      form={form}
      theme={themeConfig}
    >
      <ProjectNameSync />
      <StepUpHost />
      <AppRoot>
        {/* Screens publish their main actions here; the header's command palette offers them. */}
        <ScreenCommandsProvider>
          <Outlet />
        </ScreenCommandsProvider>
      </AppRoot>
    </ConfigProvider>
  );
};

/**
 * antd's theme and the server-state cache, around every screen but the two login pages: a layout
 * route in its own chunk (app/router.tsx), so the login page downloads neither (docs/decisions/0022).
 */
export const UiProviders = () => (
  <QueryClientProvider client={queryClient}>
    <ThemedScreens />
  </QueryClientProvider>
);
