import type { DashboardData, MrrMovementKind } from '@pult/contract';
import { Button, Card, Col, Row, Statistic, Tooltip, Typography, theme } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { mrrMovementKinds } from '../contract-values';
import { CHART_HEIGHT, ChartPlaceholder } from './chart-placeholder';
import { MrrMovementsDrawer } from './mrr-movements-drawer';

// recharts is downloaded after the first paint: the figures above do not wait for it, and the waterfall's
// place is kept meanwhile.
const MrrWaterfallChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.MrrWaterfallChart })));

/**
 * Gains over losses (Baremetrics' quick ratio): (new + expansion + reactivation) ÷ |contraction + churn|;
 * null when nothing was lost.
 */
export const quickRatio = (m: DashboardData['mrrMovements']): number | null => {
  const lost = -(m.contraction + m.churn);
  return lost === 0 ? null : (m.new + m.expansion + m.reactivation) / lost;
};

/**
 * «Изменение MRR»: the period's five movements and the net (docs/decisions/0038). Each movement is a
 * button that opens the customers behind it; the definition is its tooltip, so the figure and what it
 * means sit together.
 */
export const MrrMovementsCard = ({ data }: { data: DashboardData }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { token } = theme.useToken();
  const [open, setOpen] = useState<MrrMovementKind | null>(null);
  // The customers' drawer is drawn from its first opening on (closed, it asked for the plans and drew a table).
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const triggers = useRef(new Map<MrrMovementKind, HTMLElement | null>());
  const money = (value: number) => formatMoney(value, locale);
  const ratio = quickRatio(data.mrrMovements);
  return (
    <Card
      size="small"
      title={t('home.mrr.title')}
      data-testid="mrr-movements"
      extra={
        <Typography.Text type="secondary" data-testid="mrr-freshness">
          {data.freshness.mrrMovements
            ? t('home.mrr.freshAt', { at: formatDateTime(data.freshness.mrrMovements, locale) })
            : t('home.mrr.notYet')}
        </Typography.Text>
      }
    >
      <Row gutter={[12, 12]}>
        {mrrMovementKinds.map((kind) => (
          <Col key={kind} xs={12} md={8} xl={4}>
            <Typography.Text type="secondary">{t(`home.mrr.${kind}`)}</Typography.Text>
            <div>
              <Tooltip title={t(`home.mrr.define.${kind}`)}>
                <Button
                  type="link"
                  className="mrr-figure"
                  ref={(node) => {
                    triggers.current.set(kind, node);
                  }}
                  aria-label={t('home.mrr.open', {
                    figure: t(`home.mrr.${kind}`),
                    value: money(data.mrrMovements[kind]),
                  })}
                  onClick={() => setOpen(kind)}
                >
                  {money(data.mrrMovements[kind])}
                </Button>
              </Tooltip>
            </div>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Tooltip title={t('home.mrr.define.net')}>
            <Statistic title={t('home.mrr.net')} value={money(data.mrrMovements.net)} className="mrr-net" />
          </Tooltip>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Tooltip title={t('home.mrr.define.quickRatio')}>
            <div data-testid="mrr-quick-ratio">
              <Statistic
                title={t('home.mrr.quickRatio')}
                value={ratio === null ? '—' : formatNumber(Math.round(ratio * 100) / 100, locale)}
                className="mrr-net"
              />
            </div>
          </Tooltip>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('home.mrr.waterfall')}</Typography.Text>
      <Suspense fallback={<ChartPlaceholder height={CHART_HEIGHT.waterfall} />}>
        <MrrWaterfallChart data={data} token={token} />
      </Suspense>
      {opened ? (
        <MrrMovementsDrawer
          kind={open}
          from={data.from}
          to={data.to}
          onClose={() => setOpen(null)}
          afterClose={(kind) => triggers.current.get(kind)?.focus()}
        />
      ) : null}
    </Card>
  );
};
