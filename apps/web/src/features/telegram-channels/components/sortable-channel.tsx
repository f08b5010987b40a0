import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TgChannel } from '@pult/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { tmeUrl } from '../lib/layout';
import { ChannelAvatar } from './channel-avatar';

export const channelDragId = (id: number) => `ch-${id}`;

interface Props {
  channel: TgChannel;
  /** While a category is dragged, channels are no drop targets (keyboard moves jump category to category). */
  disabled: boolean;
}

/** One channel on the board: a drag handle (pointer or keyboard), its icon, title and public name. */
export const SortableChannel = ({ channel, disabled }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channelDragId(channel.id),
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={`tg-board-channel${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid={`channel-${channel.username}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="tg-drag-handle"
        aria-label={t('telegram.board.dragChannel', { title: channel.title })}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined aria-hidden />
      </button>
      <ChannelAvatar channel={channel} size={28} />
      <Flex vertical className="tg-board-channel-text">
        <Typography.Text ellipsis>{channel.title}</Typography.Text>
        <Typography.Link href={tmeUrl(channel.username)} target="_blank" rel="noopener noreferrer" type="secondary">
          @{channel.username}
        </Typography.Link>
      </Flex>
      {channel.published ? null : <Tag>{t('telegram.board.unpublished')}</Tag>}
      {channel.subscribers === null ? null : (
        <Typography.Text type="secondary">{formatNumber(channel.subscribers, locale)}</Typography.Text>
      )}
    </li>
  );
};
