import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';

export const AppFooter = () => {
  const { t } = useTranslation();
  return (
    <Layout.Footer className="app-footer">{t('footer.copyright', { year: new Date().getFullYear() })}</Layout.Footer>
  );
};
