import { CloudSyncOutlined } from '@ant-design/icons';
import type { TgChannel } from '@pult/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { useRefreshChannel } from '../api/telegram-resources';

interface Props {
  channelId: number;
  /** False without TELEGRAM_BOT_TOKEN on the server: the button says so instead of failing. */
  configured: boolean;
  compact?: boolean;
  onRefreshed?: (channel: TgChannel) => void;
}

/** «Обновить из Telegram»: title, description, photo and member count from the Bot API. */
export const RefreshButton = ({ channelId, configured, compact, onRefreshed }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const refresh = useRefreshChannel();
  const label = t('telegram.refresh');
  const run = async () => {
    try {
      const channel = await refresh.mutateAsync(channelId);
      message.success(t('telegram.refreshed'));
      onRefreshed?.(channel);
    } catch (error) {
      message.error(describeError(error, t));
    }
  };
  const button = (
    <Button
      icon={<CloudSyncOutlined aria-hidden />}
      loading={refresh.isPending}
      disabled={!configured}
      onClick={run}
      aria-label={compact ? label : undefined}
      type={compact ? 'text' : 'default'}
    >
      {compact ? null : label}
    </Button>
  );
  return <Tooltip title={configured ? (compact ? label : null) : t('telegram.notConfigured')}>{button}</Tooltip>;
};
