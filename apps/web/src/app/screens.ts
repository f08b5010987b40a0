import { lazyScreen } from '../components/lazy-screen';
import { addScreenTexts } from '../lib/i18n';
import { themeStore } from '../lib/theme-store';

// Every screen is its own chunk, so the shell stays small; the chunk name is what a load failure reports.

/**
 * antd's theme and the server-state cache around every screen but the two login pages: its own chunk,
 * so the login page downloads neither (docs/decisions/0022).
 */
export const UiProvidersScreen = lazyScreen('ui', () =>
  // The screens' texts in the chosen language arrive with it, so no screen draws a raw key or antd's English.
  Promise.all([import('./ui-providers'), addScreenTexts(themeStore.get().locale)]).then(([m]) => ({
    default: m.UiProviders,
  })),
);

/** The staff layout (header, menus, footer): its own chunk, so the sign-in pages never download it. */
export const AppLayoutScreen = lazyScreen('layout', () =>
  import('./layout/app-layout').then((m) => ({ default: m.AppLayout })),
);

export const LoginScreen = lazyScreen('login', () =>
  import('../features/auth/routes/login').then((m) => ({ default: m.LoginPage })),
);
export const LoginSplitScreen = lazyScreen('login-1', () =>
  import('../features/auth/routes/login-split').then((m) => ({ default: m.LoginSplitPage })),
);
export const ForgotPasswordScreen = lazyScreen('forgot-password', () =>
  import('../features/auth/routes/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordScreen = lazyScreen('reset-password', () =>
  import('../features/auth/routes/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
export const NotFoundScreen = lazyScreen('error-1', () =>
  import('../features/errors/routes/not-found').then((m) => ({ default: m.NotFoundPage })),
);
export const ServerErrorScreen = lazyScreen('error-2', () =>
  import('../features/errors/routes/server-error').then((m) => ({ default: m.ServerErrorPage })),
);
export const NotFoundInAppScreen = lazyScreen('not-found', () =>
  import('../features/errors/routes/not-found-in-app').then((m) => ({ default: m.NotFoundInAppPage })),
);

export const HomeScreen = lazyScreen('home', () =>
  import('../features/home/routes/home').then((m) => ({ default: m.HomePage })),
);
export const NotesScreen = lazyScreen('notes', () =>
  import('../features/notes/routes/notes').then((m) => ({ default: m.NotesPage })),
);
export const NoteEditorScreen = lazyScreen('note-editor', () =>
  import('../features/notes/routes/note-editor').then((m) => ({ default: m.NoteEditorPage })),
);
export const TransactionsScreen = lazyScreen('transactions', () =>
  import('../features/transactions/routes/transactions').then((m) => ({ default: m.TransactionsPage })),
);
export const SubscriptionsScreen = lazyScreen('subscriptions', () =>
  import('../features/subscriptions/routes/subscriptions').then((m) => ({ default: m.SubscriptionsPage })),
);
export const PlansScreen = lazyScreen('subscriptions-desc', () =>
  import('../features/subscriptions/routes/plans').then((m) => ({ default: m.PlansPage })),
);
export const UserSubscriptionsScreen = lazyScreen('subscriptions-items', () =>
  import('../features/subscriptions/routes/user-subscriptions').then((m) => ({ default: m.UserSubscriptionsPage })),
);
export const TgChannelsScreen = lazyScreen('tg-channels', () =>
  import('../features/telegram-channels/routes/tg-channels').then((m) => ({ default: m.TgChannelsPage })),
);
export const ChannelsByCategoryScreen = lazyScreen('telegram-chanels', () =>
  import('../features/telegram-channels/routes/channels-by-category').then((m) => ({
    default: m.ChannelsByCategoryPage,
  })),
);
export const UsersScreen = lazyScreen('users', () =>
  import('../features/users/routes/users').then((m) => ({ default: m.UsersPage })),
);
export const UserScreen = lazyScreen('user', () =>
  import('./user-screen').then((m) => ({ default: m.UserPageWithAgreements })),
);
export const PromoCodesScreen = lazyScreen('promo-codes', () =>
  import('../features/promo-codes/routes/promo-codes').then((m) => ({ default: m.PromoCodesPage })),
);
export const PromoSeriesScreen = lazyScreen('promo-series', () =>
  import('../features/promo-codes/routes/promo-series').then((m) => ({ default: m.PromoSeriesPage })),
);
export const PrivacyPolicyScreen = lazyScreen('privacy-policy', () =>
  import('../features/agreements/routes/privacy-policy').then((m) => ({ default: m.PrivacyPolicyPage })),
);
export const UserAgreementScreen = lazyScreen('user-agreement', () =>
  import('../features/agreements/routes/user-agreement').then((m) => ({ default: m.UserAgreementPage })),
);
export const PersonalDataConsentScreen = lazyScreen('personal-data-consent', () =>
  import('../features/agreements/routes/personal-data-consent').then((m) => ({ default: m.PersonalDataConsentPage })),
);
export const SettingsScreen = lazyScreen('settings', () =>
  import('../features/settings/routes/settings').then((m) => ({ default: m.SettingsPage })),
);
export const PushNotificationsScreen = lazyScreen('push-notifications', () =>
  import('../features/push-notifications/routes/push-notifications').then((m) => ({
    default: m.PushNotificationsPage,
  })),
);
export const ProfileScreen = lazyScreen('profile', () =>
  import('../features/profile/routes/profile').then((m) => ({ default: m.ProfilePage })),
);
