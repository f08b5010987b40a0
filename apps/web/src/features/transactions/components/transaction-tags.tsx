import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';
import { useTheme } from '../../../lib/theme-store';
import type { TransactionKind, TransactionProvider, TransactionStatus } from '../lib/transaction-filters';

export const TransactionStatusTag = ({ status }: { status: TransactionStatus }) => {
  const { t } = useTranslation();
  return <Tag color={statusTagColor('transaction', status)}>{t(`transactions.status.${status}`)}</Tag>;
};

/** Payment providers are brand names and read the same in every language; the two internal ones are words. */
const BRANDS: Partial<Record<TransactionProvider, string>> = {
  yookassa: 'YooKassa',
  cloudpayments: 'CloudPayments',
  appstore: 'App Store',
  googleplay: 'Google Play',
};

export const useProviderLabel = () => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  return (provider: TransactionProvider) =>
    // The brand writes itself «ЮKassa» in Russian.
    provider === 'yookassa' && locale === 'ru'
      ? 'ЮKassa'
      : (BRANDS[provider] ?? t(`transactions.provider.${provider}`));
};

const KIND_COLORS: Record<TransactionKind, string> = {
  purchase: 'blue',
  renewal: 'cyan',
  refund: 'volcano',
  grant: 'gold',
};

export const TransactionKindTag = ({ kind }: { kind: TransactionKind }) => {
  const { t } = useTranslation();
  return (
    <Tag variant="outlined" color={KIND_COLORS[kind]}>
      {t(`transactions.kind.${kind}`)}
    </Tag>
  );
};
