import { lazyScreen } from '../components/lazy-screen';
import { loadPersonalDataConsentPage, loadPrivacyPolicyPage, loadUserAgreementPage } from '../features/agreements';
import { loadForgotPasswordPage, loadLoginPage, loadLoginSplitPage, loadResetPasswordPage } from '../features/auth';
import { loadNotFoundInAppPage, loadNotFoundPage, loadServerErrorPage } from '../features/errors';
import { loadHomePage } from '../features/home';
import { loadImportPage } from '../features/imports';
import { loadJobsPage } from '../features/jobs';
import { loadNoteEditorPage, loadNotesPage } from '../features/notes';
import { loadProfilePage } from '../features/profile';
import { loadPromoCodesPage, loadPromoSeriesPage } from '../features/promo-codes';
import { loadPushNotificationsPage } from '../features/push';
import { loadSettingsPage } from '../features/settings';
import { loadPlansPage, loadSubscriptionsPage, loadUserSubscriptionsPage } from '../features/subscriptions';
import { loadChannelsByCategoryPage, loadTgChannelsPage } from '../features/telegram-channels';
import { loadTransactionsPage } from '../features/transactions';
import { loadUsersPage } from '../features/users';
import { addScreenTexts } from '../lib/i18n';
import { themeStore } from '../lib/theme-store';
import { loadUserPageWithAgreements } from './user-screen';

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

export const LoginScreen = lazyScreen('login', loadLoginPage);
export const LoginSplitScreen = lazyScreen('login-1', loadLoginSplitPage);
export const ForgotPasswordScreen = lazyScreen('forgot-password', loadForgotPasswordPage);
export const ResetPasswordScreen = lazyScreen('reset-password', loadResetPasswordPage);
export const NotFoundScreen = lazyScreen('error-1', loadNotFoundPage);
export const ServerErrorScreen = lazyScreen('error-2', loadServerErrorPage);
export const NotFoundInAppScreen = lazyScreen('not-found', loadNotFoundInAppPage);

export const HomeScreen = lazyScreen('home', loadHomePage);
export const NotesScreen = lazyScreen('notes', loadNotesPage);
export const NoteEditorScreen = lazyScreen('note-editor', loadNoteEditorPage);
export const TransactionsScreen = lazyScreen('transactions', loadTransactionsPage);
export const SubscriptionsScreen = lazyScreen('subscriptions', loadSubscriptionsPage);
export const PlansScreen = lazyScreen('subscriptions-desc', loadPlansPage);
export const UserSubscriptionsScreen = lazyScreen('subscriptions-items', loadUserSubscriptionsPage);
export const TgChannelsScreen = lazyScreen('tg-channels', loadTgChannelsPage);
export const ChannelsByCategoryScreen = lazyScreen('telegram-chanels', loadChannelsByCategoryPage);
export const UsersScreen = lazyScreen('users', loadUsersPage);
export const UserScreen = lazyScreen('user', loadUserPageWithAgreements);
export const PromoCodesScreen = lazyScreen('promo-codes', loadPromoCodesPage);
export const PromoSeriesScreen = lazyScreen('promo-series', loadPromoSeriesPage);
export const PrivacyPolicyScreen = lazyScreen('privacy-policy', loadPrivacyPolicyPage);
export const UserAgreementScreen = lazyScreen('user-agreement', loadUserAgreementPage);
export const PersonalDataConsentScreen = lazyScreen('personal-data-consent', loadPersonalDataConsentPage);
export const SettingsScreen = lazyScreen('settings', loadSettingsPage);
export const PushNotificationsScreen = lazyScreen('push-notifications', loadPushNotificationsPage);
export const ProfileScreen = lazyScreen('profile', loadProfilePage);
export const JobsScreen = lazyScreen('jobs', loadJobsPage);
export const ImportScreen = lazyScreen('imports', loadImportPage);
