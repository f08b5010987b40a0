import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Ltr } from '../../../components/ltr';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime } from '../../../lib/format';
import { useCodeLookup } from '../api/code-lookup';
import { canBlock } from '../lib/code-actions';
import { BlockCodeButton } from './block-code-button';
import { CodeStatusTag } from './code-status-tag';

/**
 * The code a link or the command palette points at (`?code=` on the series page): its status, who
 * used it and when, and blocking, above the series' tabs, so a code a customer quotes is one step away.
 */
export const CodeLookupCard = ({ seriesId }: { seriesId: number }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const lookup = useCodeLookup(code);
  if (!code) return null;

  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        return next;
      },
      { replace: true },
    );
  if (lookup.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  const found = lookup.data?.series.id === seriesId ? lookup.data.code : null;
  if (!found)
    return (
      <Alert
        type="warning"
        showIcon
        closable={{ 'aria-label': t('promoCodes.lookup.close') }}
        onClose={close}
        title={t('promoCodes.lookup.notFound', { code })}
        className="promo-code-lookup"
      />
    );

  return (
    <Card
      className="promo-code-lookup"
      title={
        <Flex align="center" gap="small" wrap>
          <span>{t('promoCodes.lookup.title')}</span>
          <Typography.Text strong copyable={{ text: found.value }} className="promo-mono">
            {found.value}
          </Typography.Text>
          <CodeStatusTag status={found.status} />
        </Flex>
      }
      extra={
        <Button
          type="text"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t('promoCodes.lookup.close')}
          onClick={close}
        />
      }
    >
      <Flex justify="space-between" align="end" gap="middle" wrap>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'user',
              label: t('promoCodes.activated.user'),
              children: found.activatedBy ? (
                <Link to={`/app/users/${found.activatedBy.id}`}>
                  <Ltr>{found.activatedBy.email}</Ltr>
                </Link>
              ) : (
                '—'
              ),
            },
            {
              key: 'activatedAt',
              label: t('promoCodes.fields.activatedAt'),
              children: formatDateTime(found.activatedAt, locale),
            },
            {
              key: 'blockedAt',
              label: t('promoCodes.fields.blockedAt'),
              children: formatDateTime(found.blockedAt, locale),
            },
          ]}
        />
        {canBlock(found) ? <BlockCodeButton seriesId={seriesId} code={found.value} /> : null}
      </Flex>
    </Card>
  );
};
