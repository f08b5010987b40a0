import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';
import type { SubscriptionSource, SubscriptionStatus } from '../lib/subscription-filters';

export const SubscriptionStatusTag = ({ status }: { status: SubscriptionStatus }) => {
  const { t } = useTranslation();
  return <Tag color={statusTagColor('subscription', status)}>{t(`subscriptions.status.${status}`)}</Tag>;
};

const SOURCE_COLORS: Record<SubscriptionSource, string> = { purchase: 'blue', promo: 'purple', admin: 'gold' };

export const SubscriptionSourceTag = ({ source }: { source: SubscriptionSource }) => {
  const { t } = useTranslation();
  return (
    <Tag variant="outlined" color={SOURCE_COLORS[source]}>
      {t(`subscriptions.source.${source}`)}
    </Tag>
  );
};
