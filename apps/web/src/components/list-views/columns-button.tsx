import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, toggleColumn } from './arrange-columns';
import type { ListColumnsControl } from './use-list-columns';

/**
 * «Столбцы»: a checkbox per column to show or hide it and buttons to move it up or down, all
 * reachable by Tab and operable by Space/Enter; Escape closes and returns focus to the button, as does
 * a click elsewhere (without the focus). A panel under the button in antd's popover look, drawn without
 * antd (native checkboxes, the light kit's buttons): the users list's first screen downloads no Popover,
 * tooltip engine or Checkbox for it (issue 37, decision 0022).
 */
export const ColumnsButton = ({ control }: { control: ListColumnsControl }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const { configurable, change } = control;
  const visibleCount = configurable.filter((column) => column.visible).length;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div className="menu-button" ref={container}>
      <button
        ref={trigger}
        type="button"
        className="lite-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <SettingOutlined aria-hidden />
        {t('listViews.columns.button')}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          className="lite-popover list-columns-panel"
          onKeyDown={close}
        >
          <div id={titleId} className="lite-popover-title">
            {t('listViews.columns.title')}
          </div>
          <ul className="list-columns-list" aria-label={t('listViews.columns.title')}>
            {configurable.map((column, index) => (
              <li key={column.key} className="list-columns-row">
                <label className="lite-checkbox">
                  <input
                    type="checkbox"
                    checked={column.visible}
                    // The last shown column cannot be hidden: a table of nothing helps nobody.
                    disabled={column.visible && visibleCount === 1}
                    // biome-ignore lint/a11y/noAutofocus: the panel opens on the person's press; focus goes into it, as antd's did
                    autoFocus={index === 0}
                    onChange={(event) => change(toggleColumn(configurable, column.key, event.target.checked))}
                  />
                  <span>{column.title}</span>
                </label>
                <span className="list-columns-moves">
                  <button
                    type="button"
                    className="lite-icon-button"
                    aria-label={t('listViews.columns.moveUp', { column: column.title })}
                    disabled={index === 0}
                    onClick={() => change(moveColumn(configurable, column.key, -1))}
                  >
                    <ArrowUpOutlined aria-hidden />
                  </button>
                  <button
                    type="button"
                    className="lite-icon-button"
                    aria-label={t('listViews.columns.moveDown', { column: column.title })}
                    disabled={index === configurable.length - 1}
                    onClick={() => change(moveColumn(configurable, column.key, 1))}
                  >
                    <ArrowDownOutlined aria-hidden />
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <button type="button" className="lite-button lite-button-small" onClick={() => change([])}>
            <UndoOutlined aria-hidden />
            {t('listViews.columns.reset')}
          </button>
        </div>
      ) : null}
    </div>
  );
};
