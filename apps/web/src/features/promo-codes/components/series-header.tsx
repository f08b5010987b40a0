import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import type { PromoSeries } from '@pult/contract';
import { Alert, Button, Card, Col, Descriptions, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { statusTagColor } from '../../../config/status-colors';
import type { LocaleId } from '../../../config/theme-config';
import { Duration } from '../../../lib/duration';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { codeShape, generationPercent, isGenerating } from '../lib/progress';
import { SeriesPeriod } from './series-period';
import { SeriesStatusSwitch } from './series-status-switch';
import { landingPath } from './theme-editor';

/** The series' facts, its status switch and the counters, with progress while codes are made. */
export const SeriesHeader = ({ series }: { series: PromoSeries }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const n = (value: number) => formatNumber(value, locale);
  const generating = isGenerating(series);
  const navigate = useNavigate();

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Flex align="center" gap="small" wrap>
          <PageTitle className="promo-series-title">{series.name}</PageTitle>
          <Tag color={statusTagColor('promoSeries', series.status)}>{t(`promoCodes.status.${series.status}`)}</Tag>
        </Flex>
        <Flex align="center" gap="middle">
          <SeriesStatusSwitch series={series} />
          {/* Codes from a file join a series once its own are made (the generator counts what is left). */}
          {generating ? null : (
            <Button
              icon={<ImportOutlined aria-hidden />}
              onClick={() => navigate(`/app/imports?kind=promo-codes&seriesId=${series.id}`)}
            >
              {t('nav.importOpen')}
            </Button>
          )}
          <Button
            icon={<ExportOutlined />}
            href={landingPath(series.id)}
            target="_blank"
            rel="noopener"
            disabled={series.status !== 'enabled'}
          >
            {t('promoCodes.theme.openLanding')}
          </Button>
        </Flex>
      </Flex>

      {series.generationStatus === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('promoCodes.generation.failedTitle')}
          description={series.generationError ?? t('promoCodes.generation.failedNoReason')}
        />
      ) : null}

      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small" className="promo-stat">
            <Statistic
              title={t('promoCodes.counters.generated')}
              value={n(series.generated)}
              suffix={<Typography.Text type="secondary">/ {n(series.codesCount)}</Typography.Text>}
            />
            {generating ? (
              <div role="status" aria-label={t('promoCodes.generation.label')} data-testid="generation-progress">
                <Progress percent={generationPercent(series)} status="active" />
                <Typography.Text type="secondary">
                  {series.generationStatus === 'pending'
                    ? t('promoCodes.generation.pending')
                    : t('promoCodes.generation.running')}
                </Typography.Text>
              </div>
            ) : series.generationStatus === 'done' ? (
              <Typography.Text type="success" data-testid="generation-done">
                {t('promoCodes.generation.done')}
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card size="small" className="promo-stat">
            <Statistic title={t('promoCodes.counters.activated')} value={n(series.activated)} />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card size="small" className="promo-stat">
            <Statistic title={t('promoCodes.counters.blocked')} value={n(series.blocked)} />
          </Card>
        </Col>
      </Row>

      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'shape',
              label: t('promoCodes.fields.shape'),
              children: (
                <Typography.Text code className="promo-mono">
                  {codeShape(series.prefix, series.codeLength)}
                </Typography.Text>
              ),
            },
            { key: 'plan', label: t('promoCodes.fields.plan'), children: series.planTitle },
            {
              key: 'duration',
              label: t('promoCodes.fields.durationDays'),
              children: <Duration days={series.durationDays} period={series.planPeriod} />,
            },
            {
              key: 'period',
              label: t('promoCodes.fields.period'),
              children: <SeriesPeriod startsAt={series.startsAt} endsAt={series.endsAt} />,
            },
            {
              key: 'basket',
              label: t('promoCodes.fields.basketId'),
              children: series.basketId
                ? `${series.basketName ?? ''}${series.basketName ? ' · ' : ''}${series.basketId}`
                : '—',
            },
            {
              key: 'createdAt',
              label: t('promoCodes.fields.createdAt'),
              children: formatDateTime(series.createdAt, locale),
            },
          ]}
        />
      </Card>
    </Flex>
  );
};
