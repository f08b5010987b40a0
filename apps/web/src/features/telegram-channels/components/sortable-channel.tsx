import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TgChannel } from '@pult/contract';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { channelDragId } from '../lib/board-dnd';
import { tmeUrl } from '../lib/layout';
import { ChannelAvatar } from './channel-avatar';

interface Props {
  channel: TgChannel;
  /** No drag: a category is being dragged (channels are no drop targets then), or a search narrows the board. */
  disabled: boolean;
  /** No handle at all: the board is searched, and its order cannot be changed on a part of it. */
  hideHandle: boolean;
  onOpen: () => void;
}

/**
 * One channel on the board: a drag handle (pointer or keyboard), its icon, title and public name.
 * The title is a button that opens the channel's drawer (Enter or Space); it covers the whole row,
 * so a click anywhere on it but the handle and the t.me link opens it too.
 */
export const SortableChannel = ({ channel, disabled, hideHandle, onOpen }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channelDragId(channel.id),
    disabled: disabled || hideHandle,
  });
  return (
    <li
      ref={setNodeRef}
      className={`tg-board-channel${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid={`channel-${channel.username}`}
    >
      {hideHandle ? null : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="tg-drag-handle tg-board-above"
          aria-label={t('telegram.board.dragChannel', { title: channel.title })}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined aria-hidden />
        </button>
      )}
      <ChannelAvatar channel={channel} size={28} />
      <div className="tg-board-channel-text">
        <Button type="link" className="link-button tg-board-open" onClick={onOpen}>
          {channel.title}
        </Button>
        <Typography.Link
          href={tmeUrl(channel.username)}
          target="_blank"
          rel="noopener noreferrer"
          type="secondary"
          className="tg-board-above"
        >
          @{channel.username}
        </Typography.Link>
      </div>
      {channel.published ? null : <Tag>{t('telegram.board.unpublished')}</Tag>}
      {channel.subscribers === null ? null : (
        <Typography.Text type="secondary">{formatNumber(channel.subscribers, locale)}</Typography.Text>
      )}
    </li>
  );
};
