import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CategoryColumn } from '../lib/layout';
import { channelDragId, SortableChannel } from './sortable-channel';

export const categoryDragId = (id: number) => `cat-${id}`;

interface Props {
  column: CategoryColumn;
  /** A category is being dragged: channels stop being drop targets. */
  draggingCategory: boolean;
  onRename: (title: string) => void;
  onDelete: () => void;
}

/** A category card: its handle, an editable title, delete, and its channels as a sortable list. */
export const SortableCategory = ({ column, draggingCategory, onRename, onDelete }: Props) => {
  const { t } = useTranslation();
  const { category, channels } = column;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: categoryDragId(category.id),
  });
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
          <Flex align="center" gap="small">
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
            <Typography.Text
              strong
              editable={{
                onChange: (value) => {
                  if (value.trim() && value.trim() !== category.title) onRename(value.trim());
                },
                tooltip: t('telegram.board.rename'),
                text: category.title,
                maxLength: 100,
              }}
            >
              {category.title}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('telegram.board.channelsCount', { count: channels.length })}
            </Typography.Text>
          </Flex>
        }
        extra={
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('telegram.board.deleteCategory', { title: category.title })}
            onClick={onDelete}
          />
        }
      >
        <SortableContext
          items={channels.map((channel) => channelDragId(channel.id))}
          strategy={verticalListSortingStrategy}
        >
          <ul className="tg-board-channels">
            {channels.map((channel) => (
              <SortableChannel key={channel.id} channel={channel} disabled={draggingCategory} />
            ))}
            {channels.length === 0 ? <li className="tg-board-empty">{t('telegram.board.emptyCategory')}</li> : null}
          </ul>
        </SortableContext>
      </Card>
    </section>
  );
};
