import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store';
import { themeStore, useTheme } from '../../lib/theme-store';
import { CommandPalette } from '../command-palette/command-palette';
import { MenuFoldIcon, MenuIcon, MenuUnfoldIcon, SettingIcon } from './frame-icons';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NavSearch } from './nav-search';
import { ProfileDropdown } from './profile-dropdown';

interface Props {
  isMobile: boolean;
  onOpenTheme: () => void;
}

/** The header, drawn without antd (issue #37, docs/decisions/0040): plain buttons in antd's text-button look. */
export const AppHeader = ({ isMobile, onOpenTheme }: Props) => {
  const { t } = useTranslation();
  const session = useSession();
  const { navType, navCollapsed, headerNavColor } = useTheme();
  const sideNav = navType === 'side' && !isMobile;
  const collapsed = sideNav && navCollapsed;

  return (
    <header className="app-header" style={headerNavColor ? { background: headerNavColor } : undefined}>
      <div className={collapsed ? 'header-logo header-logo-collapsed' : 'header-logo'}>
        <Logo collapsed={collapsed} />
      </div>
      <div className="header-main">
        {isMobile ? (
          <button
            type="button"
            className="header-button"
            aria-label={t('header.openMenu')}
            onClick={() => themeStore.set({ mobileNav: true })}
          >
            <MenuIcon />
          </button>
        ) : null}
        {sideNav ? (
          <button
            type="button"
            className="header-button"
            aria-label={collapsed ? t('header.expandMenu') : t('header.collapseMenu')}
            onClick={() => themeStore.set({ navCollapsed: !navCollapsed })}
          >
            {collapsed ? <MenuUnfoldIcon /> : <MenuFoldIcon />}
          </button>
        ) : null}
        {isMobile ? null : <NavSearch />}
        <div className="header-actions">
          <CommandPalette compact={isMobile} />
          <LanguageSwitcher />
          <button type="button" className="header-button" aria-label={t('header.themeSettings')} onClick={onOpenTheme}>
            <SettingIcon />
          </button>
          {session ? <ProfileDropdown user={session} compact={isMobile} /> : null}
        </div>
      </div>
    </header>
  );
};
