import { Menu, type MenuProps } from 'antd';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MAIN_MENU, type NavItem, navForRole, openKeysFor } from '../../config/navigation';
import { useSession } from '../../lib/session-store';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * A label that may be longer than the column («Политика обработки персональных данных»): it wraps onto
 * a second line instead of ending in «…» (styles.css, .nav-menu-label), and says itself in full on hover.
 */
const label = (text: string, hint: boolean) => (
  <span className="nav-menu-label" title={hint ? text : undefined}>
    {text}
  </span>
);

/** `hint`: a native tooltip, left out where antd shows its own (the collapsed strip's tooltips). */
const toMenuItems = (items: NavItem[], t: (key: string) => string, hint: boolean): MenuItem[] =>
  items.map((item) => ({
    key: item.key,
    label: label(t(item.title), hint),
    // The label names the entry; an icon's own aria-label («team», «gift») would only add noise.
    icon: item.icon ? createElement(item.icon, { 'aria-hidden': true }) : undefined,
    children: item.children ? toMenuItems(item.children, t, true) : undefined,
  }));

interface Props {
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  /** Called after a page was chosen, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
  /** The side navigation shows icons only: a group heading would be cut to «Главно…». */
  collapsed?: boolean;
}

/** The main menu, as side (inline) or top (horizontal) navigation. */
export const NavMenu = ({ mode, theme, onNavigate, collapsed = false }: Props) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState(() => openKeysFor(pathname));
  const role = useSession()?.role;
  const entries = toMenuItems(navForRole(MAIN_MENU.children ?? [], role), t, !collapsed);
  // A group heading reads well in a full column; in a horizontal bar or an icon strip it would only take room.
  const items: MenuItem[] =
    mode === 'inline' && !collapsed
      ? [{ type: 'group', key: MAIN_MENU.key, label: t(MAIN_MENU.title), children: entries }]
      : entries;

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      {...(mode === 'inline' ? { openKeys, onOpenChange: setOpenKeys, inlineCollapsed: collapsed } : {})}
      onClick={({ key }) => {
        if (!key.startsWith('/')) return;
        navigate(key);
        onNavigate?.();
      }}
      className="nav-menu"
    />
  );
};
