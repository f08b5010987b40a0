import type { Agreement } from '@pult/contract';
import { Card, Descriptions, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { Markdown, withoutLeadingTitle } from '../lib/markdown';

/** The version the planner app shows now, rendered, with its proof hash and how many accepted it. */
export const CurrentVersionCard = ({ current, acceptedCount }: { current?: Agreement; acceptedCount?: number }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  if (!current) {
    return (
      <Card title={t('agreements.current.title')}>
        <Empty description={t('agreements.current.none')} />
      </Card>
    );
  }
  return (
    <Card title={t('agreements.current.title')} data-testid="agreement-current">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'version', label: t('agreements.fields.version'), children: current.version },
          {
            key: 'createdAt',
            label: t('agreements.fields.createdAt'),
            children: formatDateTime(current.createdAt, locale),
          },
          {
            key: 'accepted',
            label: t('agreements.fields.acceptedCount'),
            children: acceptedCount === undefined ? '—' : formatNumber(acceptedCount, locale),
          },
          {
            key: 'hash',
            label: t('agreements.fields.contentHash'),
            children: (
              <Typography.Text code copyable={{ text: current.contentHash }}>
                {current.contentHash.slice(0, 12)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Typography.Title level={4}>{current.title}</Typography.Title>
      <Markdown source={withoutLeadingTitle(current.content, current.title)} />
    </Card>
  );
};
