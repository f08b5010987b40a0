import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '../config/app-config';
import { LocationMark } from './location-mark';
import { RouteErrorView } from './route-error-view';
import { GuestOnly, RequireStaff, RootRedirect } from './route-guards';
import * as screen from './screens';

/** The `/app` screens, relative to `/app`. */
export const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', Component: screen.HomeScreen },
  { path: 'notes', Component: screen.NotesScreen },
  { path: 'notes/new', Component: screen.NoteEditorScreen },
  { path: 'notes/:id', Component: screen.NoteEditorScreen },
  { path: 'transactions', Component: screen.TransactionsScreen },
  { path: 'subscriptions', Component: screen.SubscriptionsScreen },
  { path: 'subscriptions/desc', Component: screen.PlansScreen },
  { path: 'subscriptions/items', Component: screen.UserSubscriptionsScreen },
  { path: 'common/tg-channels', Component: screen.TgChannelsScreen },
  { path: 'telegram-chanels', Component: screen.ChannelsByCategoryScreen },
  { path: 'users', Component: screen.UsersScreen },
  { path: 'users/:id', Component: screen.UserScreen },
  { path: 'promo-codes', Component: screen.PromoCodesScreen },
  { path: 'promo-codes/:id', Component: screen.PromoSeriesScreen },
  { path: 'common/privacy-policy', Component: screen.PrivacyPolicyScreen },
  { path: 'common/user-agreement', Component: screen.UserAgreementScreen },
  { path: 'common/personal-data-consent', Component: screen.PersonalDataConsentScreen },
  { path: 'common/settings', Component: screen.SettingsScreen },
  { path: 'push-notifications', Component: screen.PushNotificationsScreen },
  { path: 'profile', Component: screen.ProfileScreen },
  { path: 'jobs', Component: screen.JobsScreen },
  { path: 'imports', Component: screen.ImportScreen },
  { path: '*', Component: screen.NotFoundInAppScreen },
];

/** The sign-in pages drawn without antd or the server-state cache: the first page most visits load. */
const loginRoutes: RouteObject[] = [
  {
    Component: GuestOnly,
    children: [
      { path: 'login', Component: screen.LoginScreen },
      { path: 'login-1', Component: screen.LoginSplitScreen },
    ],
  },
  { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
];

/** The other pages outside the staff area, inside antd's providers. */
const authRoutes: RouteObject[] = [
  {
    Component: GuestOnly,
    children: [
      { path: 'forgot-password', Component: screen.ForgotPasswordScreen },
      { path: 'reset-password', Component: screen.ResetPasswordScreen },
    ],
  },
  { path: 'error-1', Component: screen.NotFoundScreen },
  { path: 'error-2', Component: screen.ServerErrorScreen },
  // Any other path under /auth goes to the login form (old links keep working).
  { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
];

/**
 * Two `/auth` branches: the login pages, and, inside the antd providers' layout route, the rest. The
 * router ranks `/auth/login` and `/auth/login-1` above the other branch's `*`.
 */
export const routes: RouteObject[] = [
  {
    Component: LocationMark,
    ErrorBoundary: RouteErrorView,
    children: [
      { path: '/', Component: RootRedirect },
      { path: '/auth', children: loginRoutes },
      {
        path: '/app',
        Component: RequireStaff,
        children: [
          {
            Component: screen.UiProvidersScreen,
            children: [{ Component: screen.AppLayoutScreen, children: appRoutes }],
          },
        ],
      },
      {
        Component: screen.UiProvidersScreen,
        children: [
          { path: '/auth', children: authRoutes },
          { path: '*', Component: screen.NotFoundScreen },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
