import type { DashboardData, MrrMovementKind } from '@pult/contract';
import { Button, Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { onFirstOpen } from '../../../components/on-first-open';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { mrrMovementKinds } from '../contract-values';
import { MrrWaterfall } from './mrr-waterfall';

/** The customers behind a movement: downloaded when a movement is first opened (antd's Table and Drawer). */
const MrrMovementsDrawer = onFirstOpen(
  'mrr-movements-drawer',
  () => import('./mrr-movements-drawer').then((m) => m.MrrMovementsDrawer),
  (props) => props.kind !== null,
);

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
  const [open, setOpen] = useState<MrrMovementKind | null>(null);
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
              {/* Closed while a drawer is open: a tooltip opened late by the click's hover would float over
                  the drawer and take the first Escape, which should close the drawer. */}
              <Tooltip title={t(`home.mrr.define.${kind}`)} open={open === null ? undefined : false}>
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
                  {/* Isolated as the KPI cards' figures: an RTL page put «₽» first and the minus last. */}
                  <Ltr>{money(data.mrrMovements[kind])}</Ltr>
                </Button>
              </Tooltip>
            </div>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Tooltip title={t('home.mrr.define.net')}>
            <Statistic
              title={t('home.mrr.net')}
              value={money(data.mrrMovements.net)}
              valueRender={(node) => <Ltr>{node}</Ltr>}
              className="mrr-net"
            />
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
      {/* Plain elements, not recharts: the only chart in view, drawn with the figures (issue 37). */}
      <MrrWaterfall data={data} />
      <MrrMovementsDrawer
        kind={open}
        from={data.from}
        to={data.to}
        onClose={() => setOpen(null)}
        afterClose={(kind) => triggers.current.get(kind)?.focus()}
      />
    </Card>
  );
};
