import { Alert, Button, Col, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { useTransactionsSummary } from '../api/transactions-queries';
import type { TransactionsFilterQuery } from '../lib/transaction-filters';

/**
 * The exact count and sum of the filtered set. Loaded on its own, since it may take longer than
 * the page itself on a huge table: the table never waits for it, it shows a small spinner instead.
 */
export const TransactionsSummary = ({ filter }: { filter: TransactionsFilterQuery }) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const summary = useTransactionsSummary(filter);

  if (summary.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        className="transactions-summary"
        title={t('transactions.summary.failed')}
        action={
          <Button size="small" onClick={() => summary.refetch()}>
            {t('transactions.retry')}
          </Button>
        }
      />
    );
  }

  const pending = summary.isPending;
  const value = (text: string | undefined) => (pending ? <Spin size="small" /> : text);
  return (
    <section
      aria-label={t('transactions.summary.label')}
      aria-busy={summary.isFetching}
      className="transactions-summary"
    >
      <Row gutter={[32, 16]}>
        <Col>
          <Statistic
            title={t('transactions.summary.count')}
            valueRender={() => value(summary.data ? formatNumber(summary.data.count, locale) : undefined)}
          />
        </Col>
        <Col>
          <Statistic
            title={t('transactions.summary.sum')}
            valueRender={() => value(summary.data ? formatMoney(summary.data.sum, locale) : undefined)}
          />
        </Col>
      </Row>
    </section>
  );
};
