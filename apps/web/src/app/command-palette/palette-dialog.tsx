import { LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { Input, type InputRef, Modal, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';
import { useRegisteredCommands } from '../../lib/screen-commands';
import { useSession } from '../../lib/session-store';
import { GROUP_ORDER, type PaletteItem } from './palette-items';
import { usePaletteItems } from './use-palette-items';
import { usePaletteSearch } from './use-palette-search';
import './command-palette.css';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The palette itself: a combobox whose listbox holds screens, the screen's actions and search
 * results. Focus stays in the text box; arrows move the active option (aria-activedescendant),
 * Enter runs it, Escape closes and the dialog gives focus back to where it was.
 */
export const PaletteDialog = ({ open, onClose }: Props) => {
  const { t } = useTranslation();
  const role = useSession()?.role;
  const commands = useRegisteredCommands();
  const [text, setText] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);
  // Runs once the dialog has closed and handed focus back, so a drawer the action opens keeps its focus.
  const pending = useRef<(() => void) | null>(null);
  const search = usePaletteSearch(text, open);
  const items = usePaletteItems(text, search, commands, role);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  // The chosen option survives results arriving; otherwise the best match is active.
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );
  const active = items[activeIndex];

  useEffect(() => {
    if (open && active) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (item: PaletteItem) => {
    pending.current = item.run;
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const move = (by: number) => {
      event.preventDefault();
      if (items.length === 0) return;
      const next = items[(activeIndex + by + items.length) % items.length];
      setActiveKey(next?.key ?? null);
    };
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'PageDown') move(Math.min(5, items.length - 1 - activeIndex));
    else if (event.key === 'PageUp') move(-Math.min(5, activeIndex));
    else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  };

  const groups = GROUP_ORDER.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter(
    (entry) => entry.items.length > 0,
  );
  const indexOf = new Map(items.map((item, index) => [item.key, index]));
  const typed = text.trim().length > 0;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={<span className="sr-only">{t('palette.title')}</span>}
      footer={null}
      closable={false}
      width={640}
      className="command-palette"
      afterOpenChange={(visible) => {
        if (visible) inputRef.current?.focus();
      }}
      afterClose={() => {
        setText('');
        setActiveKey(null);
        const run = pending.current;
        pending.current = null;
        run?.();
      }}
    >
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        variant="borderless"
        prefix={search.searching ? <LoadingOutlined aria-hidden /> : <SearchOutlined aria-hidden />}
        placeholder={t('palette.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveKey(null);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.inputLabel')}
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        className="palette-input"
      />
      <div role="listbox" id={listId} aria-label={t('palette.results')} className="palette-list">
        {groups.map(({ group, items: members }) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group; a fieldset is for form controls
          <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
            <div id={`${listId}-${group}`} role="presentation" className="palette-group-title">
              {t(`palette.groups.${group}`)}
            </div>
            {members.map((item) => {
              const index = indexOf.get(item.key) ?? 0;
              const selected = index === activeIndex;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: options are never focused; the combobox's text box handles the keys (aria-activedescendant)
                <div
                  key={item.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  className={selected ? 'palette-option palette-option-active' : 'palette-option'}
                  // Keeps focus in the text box, where the keyboard works.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (!selected) setActiveKey(item.key);
                  }}
                  onClick={() => choose(item)}
                >
                  <span className="palette-option-icon">{item.icon}</span>
                  <span className="palette-option-text">
                    <span className="palette-option-label">{item.ltr ? <Ltr>{item.label}</Ltr> : item.label}</span>
                    {item.hint ? (
                      <Typography.Text type="secondary" className="palette-option-hint">
                        {item.hint}
                      </Typography.Text>
                    ) : null}
                  </span>
                  {selected ? (
                    <kbd className="palette-kbd" aria-hidden>
                      ↵
                    </kbd>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {items.length === 0 && typed && !search.searching ? (
        <Typography.Paragraph type="secondary" className="palette-empty">
          {t('palette.nothingFound')}
        </Typography.Paragraph>
      ) : null}
      {search.failed ? (
        <Typography.Paragraph type="danger" className="palette-empty">
          {t('palette.searchFailed')}
        </Typography.Paragraph>
      ) : null}
      <div role="status" className="sr-only">
        {search.searching ? t('palette.searching') : typed ? t('palette.found', { count: items.length }) : ''}
      </div>
      <div className="palette-hints" aria-hidden>
        <span>
          <kbd className="palette-kbd">↑</kbd> <kbd className="palette-kbd">↓</kbd> {t('palette.hints.move')}
        </span>
        <span>
          <kbd className="palette-kbd">↵</kbd> {t('palette.hints.run')}
        </span>
        <span>
          <kbd className="palette-kbd">Esc</kbd> {t('palette.hints.close')}
        </span>
      </div>
    </Modal>
  );
};
