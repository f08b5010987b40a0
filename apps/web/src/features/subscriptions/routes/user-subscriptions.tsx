import { subscriptionSortFields } from '@pult/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useUrlState } from '../../../lib/use-url-state';
import { useSubscriptions } from '../api/get-subscriptions';
import { SubscriptionFilters } from '../components/subscription-filters';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { subscriptionsParams, toSubscriptionsQuery } from '../lib/subscription-filters';
import '../components/plans.css';

/** `/app/subscriptions/items`: who is subscribed to what, filtered through the URL. */
export const UserSubscriptionsPage = () => {
  const { t } = useTranslation();
  const [search, update] = useUrlState(subscriptionsParams);
  const list = useSubscriptions(toSubscriptionsQuery(search));

  return (
    <>
      <PageTitle>{t('nav.subscriptionsItems')}</PageTitle>
      <Card className="list-card">
        {/* A new filter starts from its first page. */}
        <SubscriptionFilters search={search} onChange={(change) => update({ ...change, page: 1 })} />
        <SubscriptionsTable
          listKey="user-subscriptions"
          list={list}
          paging={search}
          onPage={update}
          // A new order starts from the first page.
          sort={{ value: search.sort, fields: subscriptionSortFields, onChange: (sort) => update({ sort, page: 1 }) }}
        />
      </Card>
    </>
  );
};
