import type { ComponentType } from 'react';
import { type LazyScreenComponent, lazyScreen } from '../components/lazy-screen';
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
import { addFeatureTexts, addScreenTexts } from '../lib/i18n';
import type { TextFeature } from '../lib/language-loader';
import { themeStore } from '../lib/theme-store';
import { loadUserPageWithAgreements } from './user-screen';

// Every screen is its own chunk, so the shell stays small; the chunk name is what a load failure reports.

/**
 * A screen that draws features' components: it waits for their texts as for its code, in the language
 * shown. It declares every feature whose code it draws, its own and those composed into it
 * (app/user-screen.tsx); app/screens.test.ts checks that against the imports (docs/decisions/0048).
 */
export const featureScreen = (
  chunk: string,
  features: readonly TextFeature[],
  load: () => Promise<{ default: ComponentType }>,
): LazyScreenComponent =>
  lazyScreen(chunk, () =>
    Promise.all([load(), addFeatureTexts(features, themeStore.get().locale)]).then(([screen]) => screen),
  );

/**
 * antd's theme and the server-state cache around every screen but the two login pages: its own chunk,
 * so the login page downloads neither (docs/decisions/0022).
 */
export const UiProvidersScreen = lazyScreen('ui', () =>
  // antd's texts and the date library's locale in the chosen language arrive with it, so no screen draws antd's
  // English; each screen brings its features' texts (featureScreen below).
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

export const HomeScreen = featureScreen('home', ['home'], loadHomePage);
export const NotesScreen = featureScreen('notes', ['notes'], loadNotesPage);
export const NoteEditorScreen = featureScreen('note-editor', ['notes'], loadNoteEditorPage);
export const TransactionsScreen = featureScreen('transactions', ['transactions'], loadTransactionsPage);
export const SubscriptionsScreen = featureScreen('subscriptions', ['subscriptions'], loadSubscriptionsPage);
export const PlansScreen = featureScreen('subscriptions-desc', ['subscriptions'], loadPlansPage);
export const UserSubscriptionsScreen = featureScreen(
  'subscriptions-items',
  ['subscriptions'],
  loadUserSubscriptionsPage,
);
export const TgChannelsScreen = featureScreen('tg-channels', ['telegram-channels'], loadTgChannelsPage);
export const ChannelsByCategoryScreen = featureScreen(
  'telegram-chanels',
  ['telegram-channels'],
  loadChannelsByCategoryPage,
);
export const UsersScreen = featureScreen('users', ['users'], loadUsersPage);
export const UserScreen = featureScreen('user', ['users', 'agreements', 'push'], loadUserPageWithAgreements);
export const PromoCodesScreen = featureScreen('promo-codes', ['promo-codes'], loadPromoCodesPage);
export const PromoSeriesScreen = featureScreen('promo-series', ['promo-codes'], loadPromoSeriesPage);
export const PrivacyPolicyScreen = featureScreen('privacy-policy', ['agreements'], loadPrivacyPolicyPage);
export const UserAgreementScreen = featureScreen('user-agreement', ['agreements'], loadUserAgreementPage);
export const PersonalDataConsentScreen = featureScreen(
  'personal-data-consent',
  ['agreements'],
  loadPersonalDataConsentPage,
);
export const SettingsScreen = featureScreen('settings', ['settings'], loadSettingsPage);
export const PushNotificationsScreen = featureScreen('push-notifications', ['push'], loadPushNotificationsPage);
export const ProfileScreen = featureScreen('profile', ['profile'], loadProfilePage);
export const JobsScreen = featureScreen('jobs', ['jobs'], loadJobsPage);
export const ImportScreen = featureScreen('imports', ['imports'], loadImportPage);
