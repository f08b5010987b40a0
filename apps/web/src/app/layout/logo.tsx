import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../config/app-config';
import { usePublicConfig } from '../../lib/resources/public-config';

/** The product mark; the name hides when the side navigation is collapsed. */
export const Logo = ({ collapsed }: { collapsed: boolean }) => {
  const { t } = useTranslation();
  const projectName = usePublicConfig().data?.projectName;
  return (
    <Link to={HOME_PATH} className="logo" aria-label={t('nav.home')}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {collapsed ? null : (
        <Typography.Text strong className="logo-text">
          {projectName ?? t('app.name')}
        </Typography.Text>
      )}
    </Link>
  );
};
