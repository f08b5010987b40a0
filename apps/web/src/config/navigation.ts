import {
  BellOutlined,
  CreditCardOutlined,
  CrownOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Role } from '@pult/contract';
import type { ComponentType } from 'react';
import { APP_PREFIX_PATH } from './app-config';

export interface NavItem {
  /** Unique key; for leaves it is the route path, which lets the menu highlight the current page. */
  key: string;
  /** Translation key of the label. */
  title: string;
  path?: string;
  icon?: ComponentType<{ 'aria-hidden'?: boolean }>;
  children?: NavItem[];
  /** Who may open it, when not every staff role may (the server refuses the others anyway). */
  roles?: readonly Role[];
}

const p = (path: string) => `${APP_PREFIX_PATH}${path}`;

/**
 * The side menu: one group, «Главное меню», with these entries in this order: the seed's eight, plus
 * «Заметки» among the content screens and the consent document beside the other two legal documents
 * (docs/decisions/0029-where-notes-and-the-consent-live.md).
 */
export const MAIN_MENU: NavItem = {
  key: 'main-menu',
  title: 'nav.mainMenu',
  children: [
    { key: p('/home'), path: p('/home'), title: 'nav.home', icon: HomeOutlined },
    { key: p('/users'), path: p('/users'), title: 'nav.users', icon: TeamOutlined },
    { key: p('/transactions'), path: p('/transactions'), title: 'nav.transactions', icon: CreditCardOutlined },
    {
      key: 'subscriptions',
      title: 'nav.subscriptions',
      icon: CrownOutlined,
      children: [
        { key: p('/subscriptions/desc'), path: p('/subscriptions/desc'), title: 'nav.subscriptionsDesc' },
        { key: p('/subscriptions/items'), path: p('/subscriptions/items'), title: 'nav.subscriptionsItems' },
      ],
    },
    { key: p('/promo-codes'), path: p('/promo-codes'), title: 'nav.promoCodes', icon: GiftOutlined },
    { key: p('/telegram-chanels'), path: p('/telegram-chanels'), title: 'nav.telegramChannels', icon: SendOutlined },
    { key: p('/notes'), path: p('/notes'), title: 'nav.notes', icon: FileTextOutlined },
    {
      key: 'common',
      title: 'nav.common',
      icon: SettingOutlined,
      children: [
        { key: p('/common/privacy-policy'), path: p('/common/privacy-policy'), title: 'nav.privacyPolicy' },
        { key: p('/common/user-agreement'), path: p('/common/user-agreement'), title: 'nav.userAgreement' },
        {
          key: p('/common/personal-data-consent'),
          path: p('/common/personal-data-consent'),
          title: 'nav.personalDataConsent',
        },
        { key: p('/common/settings'), path: p('/common/settings'), title: 'nav.settings', roles: ['admin'] },
      ],
    },
    {
      key: p('/push-notifications'),
      path: p('/push-notifications'),
      title: 'nav.pushNotifications',
      icon: BellOutlined,
    },
    { key: p('/jobs'), path: p('/jobs'), title: 'nav.jobs', icon: ScheduleOutlined, roles: ['admin'] },
  ],
};

/**
 * Pages that have a route but no menu entry of their own; the header search still finds them,
 * and breadcrumbs name them.
 */
export const EXTRA_PAGES: NavItem[] = [
  { key: p('/subscriptions'), path: p('/subscriptions'), title: 'nav.subscriptions' },
  { key: p('/common/tg-channels'), path: p('/common/tg-channels'), title: 'nav.tgChannelsList' },
  { key: p('/profile'), path: p('/profile'), title: 'nav.profile' },
  { key: p('/imports'), path: p('/imports'), title: 'nav.imports' },
];

/** Every leaf of a navigation tree, depth first. */
export const flattenNav = (items: NavItem[]): NavItem[] =>
  items.flatMap((item) => (item.children ? flattenNav(item.children) : item.path ? [item] : []));

export const MENU_LEAVES = flattenNav(MAIN_MENU.children ?? []);

/** The paths of menu entries, where breadcrumbs stay hidden (a top-level screen needs no trail). */
export const MENU_PATHS: ReadonlySet<string> = new Set(MENU_LEAVES.map((item) => item.path ?? ''));

/** The entries a role may open: the side menu and the command palette show the same ones. */
export const navForRole = (items: NavItem[], role: Role | undefined): NavItem[] =>
  items
    .filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)))
    .map((item) => (item.children ? { ...item, children: navForRole(item.children, role) } : item));

/** The submenu keys that lead to a path, so the current page's group opens by itself. */
export const openKeysFor = (pathname: string, items: NavItem[] = MAIN_MENU.children ?? []): string[] => {
  for (const item of items) {
    if (!item.children) continue;
    if (flattenNav(item.children).some((leaf) => leaf.path === pathname)) return [item.key];
  }
  return [];
};
