import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useTransactions } from '../api/transactions-queries';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionsSummary } from '../components/transactions-summary';
import { TransactionsTable } from '../components/transactions-table';
import {
  hasTransactionFilters,
  parseTransactionsSearch,
  type TransactionsSearch,
  toTransactionsFilterQuery,
  toTransactionsSearchParams,
} from '../lib/transaction-filters';
import '../components/transactions.css';

/** `/app/transactions`: payments, refunds and grants, read-only, filtered through the URL. */
export const TransactionsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = parseTransactionsSearch(params);
  const filter = toTransactionsFilterQuery(search);
  const list = useTransactions({ take: search.take, page: search.page }, filter);

  const update = (change: Partial<TransactionsSearch>) =>
    setParams(toTransactionsSearchParams({ ...search, ...change }));

  return (
    <>
      <PageTitle>{t('nav.transactions')}</PageTitle>
      <Card className="list-card">
        <TransactionFilters search={search} onChange={(filters) => update({ ...filters, page: 1 })} />
        <TransactionsSummary filter={filter} />
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('transactions.loadFailed')}
            action={<Button onClick={() => list.refetch()}>{t('transactions.retry')}</Button>}
          />
        ) : list.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <TransactionsTable
            data={list.data}
            loading={list.isFetching}
            page={search.page}
            take={search.take}
            onPage={(page, take) => update({ page: take === search.take ? page : 1, take })}
            empty={
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(hasTransactionFilters(search) ? 'transactions.emptyFiltered' : 'transactions.empty')}
              />
            }
          />
        )}
      </Card>
    </>
  );
};
