import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXTRA_PAGES, MENU_LEAVES } from '../../config/navigation';
import { SearchIcon } from './frame-icons';

/** Menu pages first, so «Польз» offers «Пользователи» before «Пользовательское соглашение». */
const PAGES = [...MENU_LEAVES, ...EXTRA_PAGES];

/**
 * Header search that jumps to a page by its (translated) menu label: a combobox with a list of pages,
 * drawn without antd (issue #37, docs/decisions/0040), in the WAI-ARIA combobox pattern. The first match
 * is active as the user types; the arrows move, Enter opens the active page, Escape closes the list (and
 * a second Escape empties the field, as a search field does).
 */
export const NavSearch = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const options = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase();
    if (!needle) return [];
    return PAGES.map((page) => ({ path: page.path ?? '', label: t(page.title) })).filter((option) =>
      option.label.toLocaleLowerCase().includes(needle),
    );
  }, [text, t]);

  const expanded = open && text.trim() !== '';
  const activeOption = expanded ? options[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (path: string) => {
    setText('');
    setOpen(false);
    navigate(path);
    onNavigate?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption.path);
    } else if (event.key === 'Escape' && expanded) {
      // The list closes first; the browser's own Escape (emptying the field) waits for the next press.
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="nav-search">
      <span className="nav-search-prefix" aria-hidden>
        <SearchIcon />
      </span>
      <input
        type="search"
        role="combobox"
        className="nav-search-input"
        value={text}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.search')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? `${id}-list` : undefined}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      {expanded ? (
        <div className="nav-search-popup">
          {options.length > 0 ? (
            <div id={`${id}-list`} role="listbox" aria-label={t('header.search')} className="nav-search-list">
              {options.map((option, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the field keeps the focus and its keys choose (onKeyDown above)
                <div
                  key={option.path}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  className={index === active ? 'nav-search-option nav-search-option-active' : 'nav-search-option'}
                  // The field keeps the focus (and the list stays open) while the pointer chooses.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option.path)}
                >
                  {option.label}
                </div>
              ))}
            </div>
          ) : (
            <div id={`${id}-list`} role="status" className="nav-search-empty">
              {t('header.noResults')}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
};
