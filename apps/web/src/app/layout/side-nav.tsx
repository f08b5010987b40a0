import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme-store';
import { NavMenu } from './nav-menu';

/** Side navigation on large screens: 250 wide, 80 collapsed (frame.css), in the light or dark look. */
export const SideNav = () => {
  const { t } = useTranslation();
  const { navCollapsed, sideNavTheme } = useTheme();
  return (
    <aside className={`side-nav side-nav-${sideNavTheme}${navCollapsed ? ' side-nav-collapsed' : ''}`}>
      <nav aria-label={t('nav.mainMenu')}>
        <NavMenu mode="inline" theme={sideNavTheme} collapsed={navCollapsed} />
      </nav>
    </aside>
  );
};
