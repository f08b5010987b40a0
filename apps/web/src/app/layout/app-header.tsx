import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store';
import { themeStore, useTheme } from '../../lib/theme-store';
import { CommandPalette } from '../command-palette/command-palette';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NavSearch } from './nav-search';
import { ProfileDropdown } from './profile-dropdown';

interface Props {
  isMobile: boolean;
  onOpenTheme: () => void;
}

export const AppHeader = ({ isMobile, onOpenTheme }: Props) => {
  const { t } = useTranslation();
  const session = useSession();
  const { navType, navCollapsed } = useTheme();
  const sideNav = navType === 'side' && !isMobile;
  const collapsed = sideNav && navCollapsed;

  return (
    <Layout.Header className="app-header">
      <div className={collapsed ? 'header-logo header-logo-collapsed' : 'header-logo'}>
        <Logo collapsed={collapsed} />
      </div>
      <Flex align="center" gap="small" className="header-main">
        {isMobile ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('header.openMenu')}
            onClick={() => themeStore.set({ mobileNav: true })}
          />
        ) : null}
        {sideNav ? (
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('header.expandMenu') : t('header.collapseMenu')}
            onClick={() => themeStore.set({ navCollapsed: !navCollapsed })}
          />
        ) : null}
        {isMobile ? null : <NavSearch />}
        <Flex align="center" gap="small" className="header-actions">
          <CommandPalette compact={isMobile} />
          <LanguageSwitcher />
          <Button type="text" icon={<SettingOutlined />} aria-label={t('header.themeSettings')} onClick={onOpenTheme} />
          {session ? <ProfileDropdown user={session} compact={isMobile} /> : null}
        </Flex>
      </Flex>
    </Layout.Header>
  );
};
