import { App, Layout, theme } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { onFirstOpen } from '../../components/on-first-open';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { loadThemeDrawer } from '../../features/theme';
import { useLiveEvents } from '../../lib/live-events';
import { themeStore, useTheme } from '../../lib/theme-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { Breadcrumbs } from './breadcrumbs';
import { MobileNav } from './mobile-nav';
import { SideNav } from './side-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopNav } from './top-nav';

// The theme drawer (antd's Drawer, Radio, Select, Switch, Badge, Divider) comes with its first opening.
const ThemeDrawer = onFirstOpen('theme-drawer', loadThemeDrawer, (props) => props.open);

/** The authenticated shell: header, side or top navigation (a drawer below `lg`), content, footer. */
export const AppLayout = () => {
  const { navType, mobileNav } = useTheme();
  // Below antd's `lg` breakpoint the navigation is a drawer. Without matchMedia (never in a browser),
  // a desktop is assumed rather than a drawer button.
  const isMobile = !useMediaQuery(`(min-width: ${theme.useToken().token.screenLG}px)`, true);
  const [themeOpen, setThemeOpen] = useState(false);
  // Lists and records on screen refresh when someone else changes them (docs/decisions/0036).
  useLiveEvents();

  useEffect(() => {
    if (!isMobile && mobileNav) themeStore.set({ mobileNav: false });
  }, [isMobile, mobileNav]);

  // antd's App (modal, message, notification for the screens) starts here, not around the whole app:
  // the sign-in pages never use it, so they do not download it. It adds no element of its own.
  return (
    <App component={false}>
      <Layout className="app-layout">
        <SkipLink />
        <AppHeader isMobile={isMobile} onOpenTheme={() => setThemeOpen(true)} />
        {!isMobile && navType === 'top' ? <TopNav /> : null}
        <Layout hasSider={!isMobile && navType === 'side'}>
          {!isMobile && navType === 'side' ? <SideNav /> : null}
          <Layout className="app-main">
            <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="app-content">
              <Breadcrumbs />
              <Outlet />
            </Layout.Content>
            <AppFooter />
          </Layout>
        </Layout>
        {isMobile ? <MobileNav /> : null}
        <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        <UnsavedChangesGuard />
      </Layout>
    </App>
  );
};
