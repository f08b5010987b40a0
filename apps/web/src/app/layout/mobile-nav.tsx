import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_DRAWER_PADDING, SIDE_NAV_WIDTH } from '../../config/theme-config';
import { useTheme } from '../../lib/theme-store';
import { Logo } from './logo';
import { NavMenu } from './nav-menu';
import { NavSearch } from './nav-search';

/**
 * Below the `lg` breakpoint the navigation lives in a drawer; its body has a padding of 5. Downloaded with
 * its first opening (app-layout.tsx), so the desktop frame does not load antd's Drawer.
 */
export const MobileNav = ({ open, onClose: close }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { sideNavTheme, direction } = useTheme();
  return (
    <Drawer
      open={open}
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
