import type { ListKey, Subscription, SubscriptionsPage, User } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '../../../components/ltr';
import { PagedTable, type Paging, type TableSort } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import type { SubscriptionSort } from '../lib/subscription-filters';
import { SubscriptionSourceTag, SubscriptionStatusTag } from './subscription-tags';

interface Props {
  list: UseQueryResult<SubscriptionsPage>;
  paging: Paging;
  onPage: (next: Paging) => void;
  /** Which list's columns and views: all subscriptions, or one user's. */
  listKey?: ListKey;
  /** The server-side order, where the screen offers one. */
  sort?: TableSort<SubscriptionSort>;
}

/** Users' subscriptions, one page of them; the owner comes from `additionalInfo.relatedUsers`. */
export const SubscriptionsTable = ({ list, paging, onPage, listKey = 'subscriptions', sort }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const users = new Map<number, User>((list.data?.additionalInfo.relatedUsers ?? []).map((user) => [user.id, user]));

  const columns: TableProps<Subscription>['columns'] = [
    {
      key: 'owner',
      title: t('subscriptions.columns.owner'),
      render: (_, item) => {
        const user = users.get(item.owner);
        return (
          <Flex vertical>
            <Link to={`/app/users/${item.owner}`}>
              {user?.email ? <Ltr>{user.email}</Ltr> : t('subscriptions.columns.unknownUser', { id: item.owner })}
            </Link>
            {user?.phoneNumber ? (
              <Typography.Text type="secondary">
                <Ltr>{user.phoneNumber}</Ltr>
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    { key: 'plan', dataIndex: 'planTitle', title: t('subscriptions.columns.plan') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('subscriptions.columns.status'),
      render: (status: Subscription['status']) => <SubscriptionStatusTag status={status} />,
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('subscriptions.columns.source'),
      render: (source: Subscription['source']) => <SubscriptionSourceTag source={source} />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('subscriptions.columns.createdAt'),
      render: (value: string) => formatDate(value, locale),
    },
    {
      key: 'startedAt',
      dataIndex: 'startedAt',
      title: t('subscriptions.columns.startedAt'),
      render: (value: string) => formatDate(value, locale),
    },
    {
      key: 'expiresAt',
      dataIndex: 'expiresAt',
      title: t('subscriptions.columns.expiresAt'),
      render: (value: string | null) =>
        value ? (
          formatDate(value, locale)
        ) : (
          <Typography.Text type="secondary">{t('subscriptions.columns.noEnd')}</Typography.Text>
        ),
    },
    {
      key: 'autoRenew',
      dataIndex: 'autoRenew',
      title: t('subscriptions.columns.autoRenew'),
      render: (value: boolean) =>
        value ? (
          t('subscriptions.columns.yes')
        ) : (
          <Typography.Text type="secondary">{t('subscriptions.columns.no')}</Typography.Text>
        ),
    },
  ];

  return (
    <PagedTable<Subscription, SubscriptionSort>
      listKey={listKey}
      sort={sort}
      columns={columns}
      scroll={{ x: 900 }}
      list={list}
      paging={paging}
      onPage={onPage}
      total={(count) => t('subscriptions.total', { count })}
      empty={{ text: t('subscriptions.items.empty') }}
      errorTitle={t('subscriptions.items.loadFailed')}
    />
  );
};
