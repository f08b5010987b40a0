import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, toggleColumn } from './arrange-columns';
import type { ListColumnsControl } from './use-list-columns';

/**
 * «Столбцы»: a checkbox per column to show or hide it and buttons to move it up or down, all
 * reachable by Tab and operable by Space/Enter; Escape closes and returns focus to the button.
 */
export const ColumnsButton = ({ control }: { control: ListColumnsControl }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { configurable, change } = control;
  const visibleCount = configurable.filter((column) => column.visible).length;

  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    trigger.current?.focus();
  };

  const panel = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it, as in a menu
    <div onKeyDown={close} className="list-columns-panel">
      <Flex vertical gap="small">
        <ul className="list-columns-list" aria-label={t('listViews.columns.title')}>
          {configurable.map((column, index) => (
            <li key={column.key}>
              <Flex align="center" justify="space-between" gap="small">
                <Checkbox
                  checked={column.visible}
                  // The last shown column cannot be hidden: a table of nothing helps nobody.
                  disabled={column.visible && visibleCount === 1}
                  autoFocus={index === 0}
                  onChange={(event) => change(toggleColumn(configurable, column.key, event.target.checked))}
                >
                  {column.title}
                </Checkbox>
                <Flex gap={2}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={t('listViews.columns.moveUp', { column: column.title })}
                    disabled={index === 0}
                    onClick={() => change(moveColumn(configurable, column.key, -1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={t('listViews.columns.moveDown', { column: column.title })}
                    disabled={index === configurable.length - 1}
                    onClick={() => change(moveColumn(configurable, column.key, 1))}
                  />
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
        <Button size="small" icon={<UndoOutlined aria-hidden />} onClick={() => change([])}>
          {t('listViews.columns.reset')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('listViews.columns.title')}
      content={panel}
      destroyOnHidden
    >
      <Button ref={trigger} icon={<SettingOutlined aria-hidden />} aria-expanded={open} aria-haspopup="dialog">
        {t('listViews.columns.button')}
      </Button>
    </Popover>
  );
};
