import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { languageOf } from '../config/languages';
import { changeLanguage, i18n } from '../lib/i18n';
import { useProjectName } from '../lib/project-name';
import { useTheme } from '../lib/theme-store';

/**
 * The document follows the theme state: language, direction, light or dark (styles.css keys the
 * tokens of the screens drawn without antd on `data-theme`) and the title.
 */
const DocumentSync = () => {
  const theme = useTheme();
  const projectName = useProjectName();
  // The language shown: it changes once the chosen one's texts have arrived (the chosen one's key
  // alone, asked for before that, gave the tab the title «app.title» after a switch).
  const { t } = useTranslation();

  useEffect(() => {
    void changeLanguage(theme.locale);
    document.documentElement.lang = languageOf(theme.locale).lang;
  }, [theme.locale]);

  // The project's name is a system setting; the title says it next to the interface's own name.
  useEffect(() => {
    const title = t('app.title');
    document.title = projectName ? `${projectName} — ${title}` : title;
  }, [t, projectName]);

  useEffect(() => {
    document.documentElement.dir = theme.direction;
  }, [theme.direction]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme.currentTheme;
  }, [theme.currentTheme]);

  return null;
};

/**
 * What every page has: translations and the document's language, direction and theme. antd and the
 * server-state cache come with the screens that use them (app/ui-providers.tsx), so the login page
 * loads neither (docs/decisions/0022).
 */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <DocumentSync />
    {children}
  </I18nextProvider>
);
