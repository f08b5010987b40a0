import { type CSSProperties, createElement, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MAIN_MENU, type NavItem, navForRole, openKeysFor } from '../../config/navigation';
import { useSession } from '../../lib/session-store';
import { useTheme } from '../../lib/theme-store';

interface Props {
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  /** Called after a page was chosen, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
  /** The side navigation shows icons only: a group heading would be cut to «Главно…». */
  collapsed?: boolean;
}

const ITEM = '[role="menuitem"]';

/** The menu items a key moves between: those of the same list as `from`, as drawn. */
const siblingsOf = (from: HTMLElement): HTMLElement[] => {
  const list = from.closest('[role="menu"], [role="menubar"]');
  if (!list) return [];
  return [...list.querySelectorAll<HTMLElement>(ITEM)].filter(
    (item) => item.closest('[role="menu"], [role="menubar"]') === list && item.offsetParent !== null,
  );
};

const hasChild = (item: NavItem, pathname: string): boolean =>
  (item.children ?? []).some((child) => child.path === pathname || hasChild(child, pathname));

/**
 * The main menu, as side (inline, or an icon strip when collapsed) or top (horizontal) navigation, drawn
 * without antd (issue #37, docs/decisions/0040) in antd's look and the WAI-ARIA menu pattern: the menu is
 * one Tab stop (the current page's entry), the arrow keys move (Up and Down in a column, Left and Right
 * along the top bar, mirrored on a right-to-left page), Home and End jump, Enter opens a page or a group.
 * A group opens in place in the column; in the top bar and the icon strip it opens as a small list beside
 * its entry, which Escape, a click elsewhere or a chosen page closes. Pages are links, so a middle click
 * opens one in a new tab. A long label wraps onto a second line instead of ending in «…», and says itself
 * in full on hover.
 */
export const NavMenu = ({ mode, theme, onNavigate, collapsed = false }: Props) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { direction } = useTheme();
  const role = useSession()?.role;
  const entries = navForRole(MAIN_MENU.children ?? [], role);
  const inline = mode === 'inline' && !collapsed;
  const [openKeys, setOpenKeys] = useState(() => openKeysFor(pathname));
  /** The group shown as a list beside its entry (top bar, icon strip), and where. */
  const [popup, setPopup] = useState<{ key: string; style: CSSProperties } | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // A page chosen elsewhere (the search, the palette) closes a list left open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new address only
  useEffect(() => setPopup(null), [pathname]);

  useEffect(() => {
    if (!popup) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setPopup(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [popup]);

  // The one Tab stop: the entry last focused, else the current page's (or its group's), else the first.
  const visibleKeys = entries.flatMap((item) =>
    item.children && inline && openKeys.includes(item.key)
      ? [item.key, ...item.children.map((child) => child.key)]
      : [item.key],
  );
  const currentKey =
    entries.flatMap((item) => (item.children ?? []).map((child) => child.key)).includes(pathname) &&
    visibleKeys.includes(pathname)
      ? pathname
      : (entries.find((item) => item.key === pathname || hasChild(item, pathname))?.key ?? entries[0]?.key);
  const tabStop = focusKey && visibleKeys.includes(focusKey) ? focusKey : currentKey;

  const openPopup = (item: NavItem, title: HTMLElement) => {
    const box = title.getBoundingClientRect();
    const rtl = direction === 'rtl';
    // Fixed, so the side column's scrolling does not clip it: below a top-bar entry, beside an icon.
    const style: CSSProperties =
      mode === 'horizontal'
        ? { top: box.bottom, ...(rtl ? { right: window.innerWidth - box.right } : { left: box.left }) }
        : { top: box.top, ...(rtl ? { right: window.innerWidth - box.left + 4 } : { left: box.right + 4 }) };
    setPopup({ key: item.key, style });
  };

  const toggle = (item: NavItem, title: HTMLElement) => {
    if (inline) {
      setOpenKeys((keys) => (keys.includes(item.key) ? keys.filter((key) => key !== item.key) : [...keys, item.key]));
    } else if (popup?.key === item.key) setPopup(null);
    else openPopup(item, title);
  };

  const focusFirstIn = (key: string) =>
    requestAnimationFrame(() =>
      root.current?.querySelector<HTMLElement>(`[data-popup="${CSS.escape(key)}"] ${ITEM}`)?.focus(),
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = event.target as HTMLElement;
    if (!current.matches(ITEM)) return;
    const items = siblingsOf(current);
    const at = items.indexOf(current);
    const inBar = current.closest('[role="menu"], [role="menubar"]')?.getAttribute('role') === 'menubar';
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const move = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    const groupKey = current.dataset.group;
    const group = groupKey ? entries.find((item) => item.key === groupKey) : undefined;

    if (event.key === (inBar ? forward : 'ArrowDown')) move(at + 1);
    else if (event.key === (inBar ? backward : 'ArrowUp')) move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (group && (event.key === (inBar ? 'ArrowDown' : forward) || event.key === 'Enter' || event.key === ' ')) {
      // A group opens and, in a list beside it, takes the focus to its first page.
      event.preventDefault();
      if (inline) {
        if (event.key === forward) setOpenKeys((keys) => (keys.includes(group.key) ? keys : [...keys, group.key]));
        else toggle(group, current);
      } else {
        openPopup(group, current);
        focusFirstIn(group.key);
      }
    } else if (inline && group && event.key === backward) {
      event.preventDefault();
      setOpenKeys((keys) => keys.filter((key) => key !== group.key));
    } else if (event.key === 'Escape' || (!inline && !inBar && event.key === backward)) {
      // Out of a list beside its entry, back to the entry.
      const owner = current.closest<HTMLElement>('[data-popup]')?.dataset.popup;
      if (!owner) return;
      event.preventDefault();
      setPopup(null);
      root.current?.querySelector<HTMLElement>(`[data-group="${CSS.escape(owner)}"]`)?.focus();
    }
  };

  const label = (item: NavItem, hint: boolean) => (
    <span className="nav-menu-label" title={hint ? t(item.title) : undefined}>
      {t(item.title)}
    </span>
  );

  const icon = (item: NavItem) =>
    item.icon ? <span className="nav-menu-icon">{createElement(item.icon, { 'aria-hidden': true })}</span> : null;

  const leaf = (item: NavItem, top: boolean) => {
    const selected = item.path === pathname;
    return (
      <div key={item.key} role="none">
        <Link
          to={item.path ?? ''}
          role="menuitem"
          tabIndex={item.key === tabStop ? 0 : -1}
          aria-current={selected ? 'page' : undefined}
          className={selected ? 'nav-menu-item nav-menu-item-selected' : 'nav-menu-item'}
          onFocus={() => setFocusKey(item.key)}
          onClick={() => {
            setPopup(null);
            onNavigate?.();
          }}
          // In the icon strip the name is hidden: the hover says it.
          title={top && collapsed ? t(item.title) : undefined}
        >
          {top ? icon(item) : null}
          {top && collapsed ? <span className="sr-only">{t(item.title)}</span> : label(item, !top || !collapsed)}
        </Link>
      </div>
    );
  };

  const group = (item: NavItem) => {
    const expanded = inline ? openKeys.includes(item.key) : popup?.key === item.key;
    const selected = hasChild(item, pathname);
    const children = item.children ?? [];
    return (
      <div
        key={item.key}
        role="none"
        className="nav-menu-group"
        onMouseLeave={mode === 'horizontal' ? () => setPopup(null) : undefined}
      >
        <button
          type="button"
          role="menuitem"
          data-group={item.key}
          tabIndex={item.key === tabStop ? 0 : -1}
          aria-expanded={expanded}
          aria-haspopup={inline ? undefined : 'menu'}
          className={selected ? 'nav-menu-item nav-menu-title nav-menu-title-selected' : 'nav-menu-item nav-menu-title'}
          onFocus={() => setFocusKey(item.key)}
          onClick={(event) => toggle(item, event.currentTarget)}
          onMouseEnter={mode === 'horizontal' ? (event) => openPopup(item, event.currentTarget) : undefined}
          title={collapsed ? t(item.title) : undefined}
        >
          {icon(item)}
          {collapsed ? <span className="sr-only">{t(item.title)}</span> : label(item, true)}
          {collapsed ? null : <span className="nav-menu-arrow" aria-hidden />}
        </button>
        {inline && expanded ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of menu items (WAI-ARIA menu), not a form's fieldset
          <div role="group" className="nav-menu-sub">
            {children.map((child) => leaf(child, false))}
          </div>
        ) : null}
        {!inline && expanded && popup ? (
          <div
            role="menu"
            aria-label={t(item.title)}
            data-popup={item.key}
            className={`nav-menu-popup nav-menu-popup-${mode === 'horizontal' ? 'top' : theme}`}
            style={popup.style}
          >
            {children.map((child) => leaf(child, false))}
          </div>
        ) : null}
      </div>
    );
  };

  const items = entries.map((item) => (item.children ? group(item) : leaf(item, true)));
  const className = `nav-menu nav-menu-${mode === 'horizontal' ? 'horizontal' : 'inline'} nav-menu-${theme}${collapsed ? ' nav-menu-collapsed' : ''}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a menu or menubar (its role is chosen by the mode); the keys move between its items
    <div ref={root} role={mode === 'horizontal' ? 'menubar' : 'menu'} className={className} onKeyDown={onKeyDown}>
      {/* A group heading reads well in a full column; in a bar or an icon strip it would only take room. */}
      {inline ? (
        <div role="presentation" className="nav-menu-heading-item">
          <div role="presentation" className="nav-menu-heading">
            {t(MAIN_MENU.title)}
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of menu items (WAI-ARIA menu), not a form's fieldset */}
          <div role="group" className="nav-menu-entries">
            {items}
          </div>
        </div>
      ) : (
        items
      )}
    </div>
  );
};
