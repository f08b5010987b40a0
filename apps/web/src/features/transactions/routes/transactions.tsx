import { transactionSortFields } from '@pult/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useUrlState } from '../../../lib/use-url-state';
import { useTransactions } from '../api/transactions-queries';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionsSummary } from '../components/transactions-summary';
import { TransactionsTable } from '../components/transactions-table';
import { hasTransactionFilters, toTransactionsFilterQuery, transactionsParams } from '../lib/transaction-filters';
import '../components/transactions.css';

/** `/app/transactions`: payments, refunds and grants, read-only, filtered through the URL. */
export const TransactionsPage = () => {
  const { t } = useTranslation();
  const [search, update] = useUrlState(transactionsParams);
  const filter = toTransactionsFilterQuery(search);
  const list = useTransactions({ take: search.take, page: search.page, sort: search.sort }, filter);

  return (
    <>
      <PageTitle>{t('nav.transactions')}</PageTitle>
      <Card className="list-card">
        <TransactionFilters search={search} onChange={(filters) => update({ ...filters, page: 1 })} />
        <TransactionsSummary filter={filter} />
        <TransactionsTable
          list={list}
          paging={search}
          onPage={update}
          // A new order starts from the first page.
          sort={{ value: search.sort, fields: transactionSortFields, onChange: (sort) => update({ sort, page: 1 }) }}
          filtered={hasTransactionFilters(search)}
        />
      </Card>
    </>
  );
};
