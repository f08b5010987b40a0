import { GiftOutlined } from '@ant-design/icons';
import type { Subscription, User } from '@pult/contract';
import { Button, Card, Descriptions, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate } from '../../../lib/format';
import { useUserSubscriptions } from '../api/get-user-subscriptions';
import { GrantSubscriptionModal } from './grant-subscription-modal';
import { SubscriptionSummary } from './user-tags';

/** The current subscription (`register`), every subscription the user has had, and the grant (admins). */
export const UserSubscriptionsCard = ({ user, canGrant }: { user: User; canGrant: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const subscriptions = useUserSubscriptions(user.id);
  const [granting, setGranting] = useState(false);

  const columns: TableProps<Subscription>['columns'] = [
    { key: 'plan', dataIndex: 'planTitle', title: t('users.subscriptions.plan') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('users.subscriptions.status'),
      render: (_, item) => (
        <Tag color={statusTagColor('subscription', item.status)}>{t(`subscriptionStatus.${item.status}`)}</Tag>
      ),
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('users.subscriptions.source'),
      render: (_, item) => t(`users.subscriptions.sources.${item.source}`),
    },
    {
      key: 'startedAt',
      dataIndex: 'startedAt',
      title: t('users.subscriptions.startedAt'),
      render: (value: string) => formatDate(value, locale),
    },
    {
      key: 'expiresAt',
      dataIndex: 'expiresAt',
      title: t('users.subscriptions.expiresAt'),
      render: (value: string | null) => (value ? formatDate(value, locale) : t('users.subscription.open')),
    },
  ];

  return (
    <Card
      className="user-card"
      title={t('users.subscriptions.title')}
      extra={
        canGrant && user.status !== 'deleted' ? (
          <Button icon={<GiftOutlined />} onClick={() => setGranting(true)}>
            {t('users.grant.button')}
          </Button>
        ) : null
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'current',
            label: t('users.subscriptions.current'),
            children: <SubscriptionSummary register={user.register} />,
          },
        ]}
      />
      <Typography.Title level={5}>{t('users.subscriptions.history')}</Typography.Title>
      <Table<Subscription>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={subscriptions.data?.items}
        loading={subscriptions.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={t('users.subscriptions.history')}
        locale={{
          emptyText: subscriptions.isError ? t('users.subscriptions.loadError') : t('users.subscriptions.empty'),
        }}
      />
      {canGrant ? (
        <GrantSubscriptionModal
          user={user}
          subscriptions={subscriptions.data?.items ?? []}
          open={granting}
          onClose={() => setGranting(false)}
        />
      ) : null}
    </Card>
  );
};
