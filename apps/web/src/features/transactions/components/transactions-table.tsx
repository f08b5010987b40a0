import type { Transaction, TransactionsPage } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '../../../components/ltr';
import { PagedTable, type Paging, type TableSort } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import type { TransactionSort } from '../lib/transaction-filters';
import { TransactionKindTag, TransactionStatusTag, useProviderLabel } from './transaction-tags';

interface Props {
  list: UseQueryResult<TransactionsPage>;
  paging: Paging;
  onPage: (next: Paging) => void;
  sort: TableSort<TransactionSort>;
  filtered: boolean;
}

/** One page of transactions, in the chosen order; read-only, as payments come from the providers. */
export const TransactionsTable = ({ list, paging, onPage, sort, filtered }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const providerLabel = useProviderLabel();

  const columns: TableProps<Transaction>['columns'] = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('transactions.columns.createdAt'),
      render: (value: string) => formatDateTime(value, locale),
      width: 160,
    },
    {
      key: 'user',
      title: t('transactions.columns.user'),
      render: (_, item) => (
        <Link to={`/app/users/${item.userId}`}>
          {item.userEmail ? <Ltr>{item.userEmail}</Ltr> : t('transactions.columns.unknownUser', { id: item.userId })}
        </Link>
      ),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('transactions.columns.amount'),
      align: 'end',
      render: (amount: number, item) => (
        // Refunds arrive negative and read as such.
        <Typography.Text strong type={amount < 0 ? 'danger' : undefined} className="money">
          {formatMoney(amount, locale, item.currency)}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('transactions.columns.status'),
      render: (status: Transaction['status']) => <TransactionStatusTag status={status} />,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('transactions.columns.kind'),
      render: (kind: Transaction['kind']) => <TransactionKindTag kind={kind} />,
    },
    {
      key: 'provider',
      dataIndex: 'provider',
      title: t('transactions.columns.provider'),
      render: (provider: Transaction['provider']) => providerLabel(provider),
    },
    {
      key: 'externalId',
      dataIndex: 'externalId',
      title: t('transactions.columns.externalId'),
      render: (value: string | null) =>
        value ? (
          <Typography.Text code copyable ellipsis className="external-id">
            {value}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <PagedTable<Transaction, TransactionSort>
      listKey="transactions"
      sort={sort}
      columns={columns}
      scroll={{ x: 960 }}
      list={list}
      paging={paging}
      onPage={onPage}
      total={(count) => t('transactions.total', { count })}
      empty={{ text: t(filtered ? 'transactions.emptyFiltered' : 'transactions.empty') }}
      errorTitle={t('transactions.loadFailed')}
    />
  );
};
