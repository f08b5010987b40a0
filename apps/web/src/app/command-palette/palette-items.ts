import type { Role } from '@pult/contract';
import type { ReactNode } from 'react';
import { EXTRA_PAGES, MAIN_MENU, type NavItem, navForRole } from '../../config/navigation';

export type PaletteGroup = 'actions' | 'codes' | 'screens' | 'users' | 'series';

/** The order groups are shown in: a found code is the most specific answer, then what this screen offers. */
export const GROUP_ORDER: readonly PaletteGroup[] = ['codes', 'actions', 'screens', 'users', 'series'];

/** One option of the palette's list. */
export interface PaletteItem {
  /** Unique within the list; keeps the selection on the same option while results arrive. */
  key: string;
  group: PaletteGroup;
  label: string;
  /** A second, quieter line: the section a screen belongs to, a user's name and phone, a code's series. */
  /** The second line: a user's name and phone (the phone kept left to right on RTL pages). */
  hint?: ReactNode;
  icon?: ReactNode;
  /** Text that must stay left-to-right (e-mails, codes) in a right-to-left page. */
  ltr?: boolean;
  run: () => void;
}

export interface ScreenEntry {
  path: string;
  /** Translation key of its name. */
  title: string;
  /** Translation key of the menu group it sits in, if any. */
  section?: string;
  icon?: NavItem['icon'];
}

const leaves = (items: NavItem[], parent?: NavItem): ScreenEntry[] =>
  items.flatMap((item) => {
    if (item.children) return leaves(item.children, item);
    if (!item.path) return [];
    return [{ path: item.path, title: item.title, section: parent?.title, icon: item.icon ?? parent?.icon }];
  });

/**
 * Every screen a role may open, from the same navigation config as the side menu (so the two
 * cannot drift): the menu's entries first, then the pages reached from inside screens.
 */
export const screensFor = (role: Role | undefined): ScreenEntry[] => {
  const menu = leaves(navForRole(MAIN_MENU.children ?? [], role));
  const seen = new Set(menu.map((entry) => entry.path));
  const extra = leaves(navForRole(EXTRA_PAGES, role)).filter((entry) => !seen.has(entry.path));
  return [...menu, ...extra];
};
