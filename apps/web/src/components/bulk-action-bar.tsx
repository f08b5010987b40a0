import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { formatNumber } from '../lib/format';

interface Props {
  /** How many rows are chosen; the bar is not drawn while none is. */
  count: number;
  limit: number;
  onClear: () => void;
  /** The actions for the chosen rows. */
  children: ReactNode;
}

/** Above a list while rows are chosen: how many, a way to clear the choice, and what can be done with them. */
export const BulkActionBar = ({ count, limit, onClear, children }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  if (count === 0) return null;
  return (
    <Flex className="bulk-action-bar" align="center" gap="small" wrap role="region" aria-label={t('bulk.barLabel')}>
      {/* Plain text in Typography's look: antd's Typography (11 kB gzip) stays off the lists' first load. */}
      <strong role="status">{t('bulk.selected', { count, value: formatNumber(count, locale) })}</strong>
      {count >= limit ? (
        <span className="bulk-action-bar-note">{t('bulk.limit', { limit: formatNumber(limit, locale) })}</span>
      ) : null}
      <Button size="small" type="text" icon={<CloseOutlined />} onClick={onClear}>
        {t('bulk.clear')}
      </Button>
      <Flex gap="small" wrap className="bulk-action-bar-actions">
        {children}
      </Flex>
    </Flex>
  );
};
