import { DeleteOutlined, DownOutlined, HistoryOutlined, HolderOutlined, RightOutlined } from '@ant-design/icons';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TgChannel } from '@pult/contract';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PresenceBar } from '../../../components/presence-bar';
import { TAB_ID, usePresenceState, useRecordPresence } from '../../../lib/presence';
import { categoryDragId, channelDragId } from '../lib/board-dnd';
import type { CategoryColumn } from '../lib/layout';
import { SortableChannel } from './sortable-channel';

interface Props {
  column: CategoryColumn;
  /** How many channels the category has in all (a search shows only some of them). */
  total: number;
  /** A category is being dragged: channels stop being drop targets. */
  draggingCategory: boolean;
  /** The channel being dragged, if any: a folded category keeps it on the page while it is over it. */
  draggedChannel: number | undefined;
  /** The board is searched: its order cannot be changed on a part of it, so nothing can be dragged. */
  searching: boolean;
  folded: boolean;
  onFold: (folded: boolean) => void;
  /** `version`: the category's version when its title was opened for editing (sent as If-Match). */
  onRename: (title: string, version: number) => void;
  onHistory: () => void;
  onDelete: () => void;
  onOpenChannel: (channel: TgChannel) => void;
}

/** While a category's title is being edited, this tab holds its soft lock and is told if someone else does (0043). */
const CategoryLock = ({ id }: { id: number }) => {
  const presence = useRecordPresence('tg-category', id, true);
  return <PresenceBar presence={presence} canTakeOver />;
};

/** Who edits a category's title in another tab, as the live stream says; the board beats for none it only shows. */
const CategoryEditor = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const editor = usePresenceState('tg-category', id)?.editor;
  if (!editor || editor.tab === TAB_ID) return null;
  return (
    <Typography.Text type="secondary" className="tg-board-category-editor">
      {t('versions.presence.editing', { name: editor.name })}
    </Typography.Text>
  );
};

/** A category card: its handle, an editable title, fold and delete, and its channels as a sortable list. */
export const SortableCategory = ({
  column,
  total,
  draggingCategory,
  draggedChannel,
  searching,
  folded,
  onFold,
  onRename,
  onHistory,
  onDelete,
  onOpenChannel,
}: Props) => {
  const { t } = useTranslation();
  const { category, channels } = column;
  const [renaming, setRenaming] = useState(false);
  // The title and version the editing started on: a rename over a newer version is refused (412) and shown as a
  // conflict, and a title saved meanwhile (the live stream reloads the board) does not replace what is being typed.
  const [opened, setOpened] = useState({ title: category.title, version: category.version });
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: categoryDragId(category.id),
    disabled: searching,
  });
  const shown = folded ? channels.filter((channel) => channel.id === draggedChannel) : channels;
  const listId = `tg-category-${category.id}-channels`;
  return (
    <section
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`tg-board-category${isDragging ? ' is-dragging' : ''}`}
      aria-label={category.title}
      data-testid={`category-${category.title}`}
    >
      <Card
        size="small"
        title={
          <Flex align="center" gap="small" className="tg-board-category-head">
            {searching ? null : (
              <button
                type="button"
                ref={setActivatorNodeRef}
                className="tg-drag-handle"
                aria-label={t('telegram.board.dragCategory', { title: category.title })}
                {...attributes}
                {...listeners}
              >
                <HolderOutlined aria-hidden />
              </button>
            )}
            <Typography.Text
              strong
              className="tg-board-category-title"
              editable={{
                editing: renaming,
                onStart: () => {
                  setOpened({ title: category.title, version: category.version });
                  setRenaming(true);
                },
                onCancel: () => setRenaming(false),
                onEnd: () => setRenaming(false),
                onChange: (value) => {
                  setRenaming(false);
                  if (value.trim() && value.trim() !== opened.title) onRename(value.trim(), opened.version);
                },
                tooltip: t('telegram.board.rename'),
                text: renaming ? opened.title : category.title,
                maxLength: 100,
              }}
            >
              {category.title}
            </Typography.Text>
            <Typography.Text type="secondary" className="tg-board-count">
              {searching
                ? t('telegram.board.foundCount', { count: channels.length, total })
                : t('telegram.board.channelsCount', { count: channels.length })}
            </Typography.Text>
          </Flex>
        }
        extra={
          <Flex>
            <Button
              type="text"
              icon={folded ? <RightOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              aria-label={t(folded ? 'telegram.board.unfold' : 'telegram.board.fold', { title: category.title })}
              aria-expanded={!folded}
              aria-controls={listId}
              disabled={searching}
              onClick={() => onFold(!folded)}
            />
            <Button
              type="text"
              icon={<HistoryOutlined aria-hidden />}
              aria-label={t('telegram.board.history', { title: category.title })}
              title={t('telegram.board.history', { title: category.title })}
              onClick={onHistory}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('telegram.board.deleteCategory', { title: category.title })}
              onClick={onDelete}
            />
          </Flex>
        }
        classNames={{ body: folded && shown.length === 0 ? 'tg-board-folded' : undefined }}
      >
        {renaming ? <CategoryLock id={category.id} /> : <CategoryEditor id={category.id} />}
        <SortableContext
          items={shown.map((channel) => channelDragId(channel.id))}
          strategy={verticalListSortingStrategy}
        >
          <ul className="tg-board-channels" id={listId} hidden={folded && shown.length === 0}>
            {shown.map((channel) => (
              <SortableChannel
                key={channel.id}
                channel={channel}
                disabled={draggingCategory}
                hideHandle={searching}
                onOpen={() => onOpenChannel(channel)}
              />
            ))}
            {channels.length === 0 ? <li className="tg-board-empty">{t('telegram.board.emptyCategory')}</li> : null}
          </ul>
        </SortableContext>
      </Card>
    </section>
  );
};
