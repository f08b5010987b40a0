import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Shown after the label, e.g. a language's flag. */
  extra?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** The chosen one of a set (the current language): marked, and focused when the menu opens. */
  current?: boolean;
  lang?: string;
  /** A separator line above this entry. */
  separated?: boolean;
  /** A group's title above this entry (the list toolbar's «Мои», «Общие»): text, not an entry of the menu. */
  heading?: string;
}

interface Props {
  items: MenuEntry[];
  onSelect: (key: string) => void;
  /** The trigger's content; its name is `label` if given, else what it shows. */
  children: ReactNode;
  label?: string;
  className: string;
}

/**
 * A button that opens a menu of actions (the header's language and profile menus, the lists' «Виды» and
 * «Плотность»), drawn without antd
 * (issue #37, docs/decisions/0040) in the WAI-ARIA menu button pattern: Enter, Space or the arrow keys
 * open it with the focus on an entry, the arrows, Home and End move, Escape closes it and gives the focus
 * back to the button, Tab or a click elsewhere closes it. The menu opens below the button, towards the
 * start of the line on either direction. Styled by `.menu-button*` in app/layout/frame.css (every list is in the frame).
 */
export const MenuButton = ({ items, onSelect, children, label, className }: Props) => {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const entries = useRef<(HTMLButtonElement | null)[]>([]);
  /** The entry to focus once the menu is drawn: 'first', 'last' or the current one. */
  const focusOnOpen = useRef<'first' | 'last' | 'current'>('current');

  const enabled = () => entries.current.filter((entry): entry is HTMLButtonElement => !!entry && !entry.disabled);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per opening, not per render
  useEffect(() => {
    if (!open) return;
    const list = enabled();
    const current = items.findIndex((item) => item.current && !item.disabled);
    const target =
      focusOnOpen.current === 'last'
        ? list.at(-1)
        : focusOnOpen.current === 'current' && current >= 0
          ? entries.current[current]
          : list[0];
    target?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const show = (focus: 'first' | 'last' | 'current') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = enabled();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="menu-button" ref={container}>
      <button
        ref={trigger}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show('current'))}
        onKeyDown={onTriggerKeyDown}
      >
        {children}
      </button>
      {open ? (
        <div id={menuId} role="menu" className="menu-button-menu" onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <div key={item.key} role="none">
              {item.separated ? <hr className="menu-button-separator" /> : null}
              {item.heading ? <div className="menu-button-heading">{item.heading}</div> : null}
              <button
                ref={(element) => {
                  entries.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                lang={item.lang}
                disabled={item.disabled}
                aria-current={item.current ? 'true' : undefined}
                className={[
                  'menu-button-item',
                  item.danger ? 'menu-button-item-danger' : '',
                  item.current ? 'menu-button-item-current' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => {
                  close(true);
                  onSelect(item.key);
                }}
              >
                {item.icon ? <span className="menu-button-icon">{item.icon}</span> : null}
                <span className="menu-button-label">{item.label}</span>
                {item.extra ? (
                  <span className="menu-button-extra" aria-hidden>
                    {item.extra}
                  </span>
                ) : null}
              </button>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
};
