import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/resources/public-config';

/** The copyright line, in the project's name from the settings (as the logo and the title have it). */
export const AppFooter = () => {
  const { t } = useTranslation();
  const name = usePublicConfig().data?.projectName ?? t('app.name');
  return <footer className="app-footer">{t('footer.copyright', { year: new Date().getFullYear(), name })}</footer>;
};
