import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { onFirstOpen } from '../../components/on-first-open';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { loadThemeDrawer } from '../../features/theme';
import { FeedbackProvider } from '../../lib/feedback';
import { useSession } from '../../lib/session-store';
import { themeStore, useTheme } from '../../lib/theme-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { Breadcrumbs } from './breadcrumbs';
import { IdleWarning } from './idle-warning';
import { SideNav } from './side-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopNav } from './top-nav';
import './frame.css';

// The theme drawer (antd's Drawer, Radio, Select, Switch, Badge, Divider) comes with its first opening.
const ThemeDrawer = onFirstOpen('theme-drawer', loadThemeDrawer, (props) => props.open);
// So does the narrow screens' navigation drawer (antd's Drawer): a desktop never downloads it.
const MobileNav = onFirstOpen(
  'mobile-nav',
  () => import('./mobile-nav').then((m) => m.MobileNav),
  (props) => props.open,
);
// Lists and records on screen refresh when someone else changes them (docs/decisions/0036). The stream
// is downloaded after the frame has drawn; if its code does not arrive, the page works without it.
const LiveEvents = lazy(() => import('../../lib/live-events').then((m) => ({ default: m.LiveEvents })));
// The notice of refused sign-ins (issue 31) is for the rare sign-in that followed some: it comes then,
// not with every frame (the frame's budget, docs/decisions/0040).
const FailedSignInsNotice = lazy(() =>
  import('./failed-sign-ins-notice').then((m) => ({ default: m.FailedSignInsNotice })),
);

/** antd's `lg` breakpoint, below which the navigation is a drawer. */
const SCREEN_LG = 992;

/**
 * The authenticated shell: header, side or top navigation (a drawer below `lg`), content, footer. The
 * frame is plain elements (frame.css, docs/decisions/0040); only the navigation menu is antd's.
 */
export const AppLayout = () => {
  const { navType, mobileNav } = useTheme();
  // Without matchMedia (never in a browser), a desktop is assumed rather than a drawer button.
  const isMobile = !useMediaQuery(`(min-width: ${SCREEN_LG}px)`, true);
  const [themeOpen, setThemeOpen] = useState(false);
  const sideNav = !isMobile && navType === 'side';
  const refusedSignIns = Boolean(useSession()?.failedSignIns);

  useEffect(() => {
    if (!isMobile && mobileNav) themeStore.set({ mobileNav: false });
  }, [isMobile, mobileNav]);

  // Messages, notifications and dialogs for the screens (`useFeedback`, or antd's `App.useApp()`) start here,
  // not around the whole app: antd's engines are downloaded with the first one shown (lib/feedback.tsx).
  return (
    <FeedbackProvider>
      <div className="app-layout">
        <SkipLink />
        <AppHeader isMobile={isMobile} onOpenTheme={() => setThemeOpen(true)} />
        {refusedSignIns ? (
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <FailedSignInsNotice />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        {!isMobile && navType === 'top' ? <TopNav /> : null}
        <div className="app-body">
          {sideNav ? <SideNav /> : null}
          <div className="app-main">
            <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-content">
              <Breadcrumbs />
              <Outlet />
            </main>
            <AppFooter />
          </div>
        </div>
        <MobileNav open={isMobile && mobileNav} onClose={() => themeStore.set({ mobileNav: false })} />
        <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        <UnsavedChangesGuard />
        <IdleWarning />
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <LiveEvents />
          </Suspense>
        </ErrorBoundary>
      </div>
    </FeedbackProvider>
  );
};
