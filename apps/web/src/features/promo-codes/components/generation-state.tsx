import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { PromoSeries } from '@pult/contract';
import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';
import { generationPercent, isGenerating } from '../lib/progress';

type Series = Pick<
  PromoSeries,
  'generated' | 'codesCount' | 'generationStatus' | 'generationError' | 'activated' | 'blocked'
>;

/** The list's «codes» cell: a progress bar while generating, the error when it failed, else counters. */
export const GenerationState = ({ series }: { series: Series }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const n = (value: number) => formatNumber(value, locale);

  if (isGenerating(series)) {
    const caption =
      series.generationStatus === 'pending'
        ? t('promoCodes.generation.pending')
        : t('promoCodes.generation.progress', { generated: n(series.generated), total: n(series.codesCount) });
    return (
      <div className="promo-progress-cell">
        {/* The bar says in words what it shows (a progressbar needs a name). */}
        <Progress percent={generationPercent(series)} size="small" status="active" aria-label={caption} />
        <Typography.Text type="secondary" className="promo-progress-caption">
          {caption}
        </Typography.Text>
      </div>
    );
  }

  if (series.generationStatus === 'failed')
    return (
      <Tooltip title={series.generationError}>
        <Flex vertical gap={4} align="start">
          <Tag color="error" icon={<ExclamationCircleOutlined />}>
            {t('promoCodes.generation.failed')}
          </Tag>
          <Typography.Text type="danger" className="promo-error-text">
            {series.generationError ?? t('promoCodes.generation.failedNoReason')}
          </Typography.Text>
        </Flex>
      </Tooltip>
    );

  return (
    <Flex vertical gap={2} className="promo-counters">
      <span>
        <Typography.Text type="secondary">{t('promoCodes.counters.generated')}: </Typography.Text>
        {n(series.generated)}
      </span>
      <span>
        <Typography.Text type="secondary">{t('promoCodes.counters.activated')}: </Typography.Text>
        <Typography.Text type="success">{n(series.activated)}</Typography.Text>
      </span>
      <span>
        <Typography.Text type="secondary">{t('promoCodes.counters.blocked')}: </Typography.Text>
        <Typography.Text type={series.blocked ? 'danger' : undefined}>{n(series.blocked)}</Typography.Text>
      </span>
    </Flex>
  );
};
