import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme-store';
import { NavMenu } from './nav-menu';

/** Top navigation: a horizontal bar in the chosen preset colour. */
export const TopNav = () => {
  const { t } = useTranslation();
  const { topNavColor } = useTheme();
  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: {
            darkItemBg: topNavColor,
            darkPopupBg: topNavColor,
            darkSubMenuItemBg: topNavColor,
            darkItemSelectedBg: 'rgba(255, 255, 255, 0.2)',
            darkItemColor: 'rgba(255, 255, 255, 0.85)',
          },
        },
      }}
    >
      <nav className="top-nav" aria-label={t('nav.mainMenu')}>
        <NavMenu mode="horizontal" theme="dark" />
      </nav>
    </ConfigProvider>
  );
};
