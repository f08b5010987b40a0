import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_DRAWER_PADDING, SIDE_NAV_WIDTH } from '../../config/theme-config';
import { themeStore, useTheme } from '../../lib/theme-store';
import { Logo } from './logo';
import { NavMenu } from './nav-menu';
import { NavSearch } from './nav-search';

/** Below the `lg` breakpoint the navigation lives in a drawer; its body has a padding of 5. */
export const MobileNav = () => {
  const { t } = useTranslation();
  const { mobileNav, sideNavTheme, direction } = useTheme();
  const close = () => themeStore.set({ mobileNav: false });
  return (
    <Drawer
      open={mobileNav}
      onClose={close}
      placement={direction === 'rtl' ? 'right' : 'left'}
      size={SIDE_NAV_WIDTH}
      closable={false}
      styles={{ body: { padding: MOBILE_DRAWER_PADDING } }}
      title={<Logo collapsed={false} />}
      className={`mobile-nav mobile-nav-${sideNavTheme}`}
    >
      <div className="mobile-nav-search">
        <NavSearch onNavigate={close} />
      </div>
      <nav aria-label={t('nav.mainMenu')}>
        <NavMenu mode="inline" theme={sideNavTheme} onNavigate={close} />
      </nav>
    </Drawer>
  );
};
