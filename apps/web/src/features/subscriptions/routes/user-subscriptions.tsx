import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useSubscriptions } from '../api/get-subscriptions';
import { SubscriptionFilters } from '../components/subscription-filters';
import { SubscriptionsTable } from '../components/subscriptions-table';
import {
  parseSubscriptionsSearch,
  type SubscriptionsSearch,
  toSubscriptionsQuery,
  toSubscriptionsSearchParams,
} from '../lib/subscription-filters';
import '../components/plans.css';

/** `/app/subscriptions/items`: who is subscribed to what, filtered through the URL. */
export const UserSubscriptionsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = parseSubscriptionsSearch(params);
  const list = useSubscriptions(toSubscriptionsQuery(search));

  const update = (change: Partial<SubscriptionsSearch>) =>
    setParams(toSubscriptionsSearchParams({ ...search, ...change }));
  // A new filter starts from its first page.
  const filter = (change: Partial<SubscriptionsSearch>) => update({ ...change, page: 1 });

  return (
    <>
      <PageTitle>{t('nav.subscriptionsItems')}</PageTitle>
      <Card className="list-card">
        <SubscriptionFilters search={search} onChange={filter} />
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('subscriptions.items.loadFailed')}
            action={<Button onClick={() => list.refetch()}>{t('subscriptions.retry')}</Button>}
          />
        ) : list.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <SubscriptionsTable
            data={list.data}
            loading={list.isFetching}
            page={search.page}
            take={search.take}
            onPage={(page, take) => update({ page: take === search.take ? page : 1, take })}
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subscriptions.items.empty')} />}
          />
        )}
      </Card>
    </>
  );
};
