import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIDE_NAV_COLLAPSED_WIDTH, SIDE_NAV_WIDTH } from '../../config/theme-config';
import { useTheme } from '../../lib/theme-store';
import { NavMenu } from './nav-menu';

/** Side navigation on large screens: 250 wide, 80 collapsed. */
export const SideNav = () => {
  const { t } = useTranslation();
  const { navCollapsed, sideNavTheme } = useTheme();
  return (
    <Layout.Sider
      width={SIDE_NAV_WIDTH}
      collapsedWidth={SIDE_NAV_COLLAPSED_WIDTH}
      collapsed={navCollapsed}
      theme={sideNavTheme}
      trigger={null}
      className="side-nav"
    >
      <nav aria-label={t('nav.mainMenu')}>
        <NavMenu mode="inline" theme={sideNavTheme} collapsed={navCollapsed} />
      </nav>
    </Layout.Sider>
  );
};
