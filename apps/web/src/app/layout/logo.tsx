import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../config/app-config';
import { usePublicConfig } from '../../lib/resources/public-config';

/** The product mark; the name hides when the side navigation is collapsed. */
export const Logo = ({ collapsed }: { collapsed: boolean }) => {
  const { t } = useTranslation();
  const name = usePublicConfig().data?.projectName ?? t('app.name');
  // The link's name starts with what it shows (WCAG 2.5.3), then says where it goes.
  return (
    <Link to={HOME_PATH} className="logo" aria-label={`${name} — ${t('nav.home')}`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {collapsed ? null : <strong className="logo-text">{name}</strong>}
    </Link>
  );
};
