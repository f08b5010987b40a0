import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubscriptionSource, SubscriptionStatus } from '../lib/subscription-filters';

/** Active is green, a lapsed one orange, a canceled one red: the colours staff read at a glance. */
export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = {
  active: 'green',
  expired: 'orange',
  canceled: 'red',
};

export const SubscriptionStatusTag = ({ status }: { status: SubscriptionStatus }) => {
  const { t } = useTranslation();
  return <Tag color={SUBSCRIPTION_STATUS_COLORS[status]}>{t(`subscriptions.status.${status}`)}</Tag>;
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
