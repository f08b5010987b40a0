import { ReloadOutlined } from '@ant-design/icons';
import {
  type CohortGrouping,
  cohortGroupings,
  type DashboardPeriod,
  dashboardPeriods,
  type PeopleFigure,
} from '@pult/contract';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Skeleton, Statistic, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { PageTitle } from '../../../components/page-title';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatDate, formatMoney, formatNumber, numberFormat } from '../../../lib/format';
import type { UrlParam, UrlSchema } from '../../../lib/url-params';
import { useUrlState } from '../../../lib/use-url-state';
import { useDashboard } from '../api/get-dashboard';
import { CohortsCard } from '../components/cohorts-card';
import { NewSubscriptionsChart, PlansChart, TrendChart } from '../components/dashboard-charts';
import { FigureLink } from '../components/figure-link';
import { FigurePeopleDrawer, type PeopleSelection, selectionKey } from '../components/figure-people-drawer';
import { KpiCard } from '../components/kpi-card';
import { MrrMovementsCard } from '../components/mrr-movements-card';
import { PoliciesNote } from '../components/policies-note';
import { PromoFunnelCard } from '../components/promo-funnel-card';
import '../home.css';

/** `?period=7|90`; 30 days, the default, keeps a plain URL. */
const periodParam: UrlParam<DashboardPeriod | undefined> = {
  read: (raw) => dashboardPeriods.find((p) => String(p) === raw),
  write: (value) => (value === undefined || value === 30 ? undefined : String(value)),
};
/** `?cohorts=promoSeries`; by month, the default, keeps a plain URL. */
const cohortsParam: UrlParam<CohortGrouping | undefined> = {
  read: (raw) => cohortGroupings.find((by) => by === raw),
  write: (value) => (value === undefined || value === 'month' ? undefined : value),
};
const homeParams = { period: periodParam, cohorts: cohortsParam } satisfies UrlSchema;

/** The push counters and the deliveries each opens. */
const pushFigures = [
  { key: 'sent', figure: 'pushSent' },
  { key: 'failed', figure: 'pushFailed' },
  { key: 'opened', figure: 'pushOpened' },
] as const satisfies ReadonlyArray<{ key: string; figure: PeopleFigure }>;

const ChartSkeleton = () => (
  <Card size="small">
    <Skeleton active paragraph={{ rows: 6 }} />
  </Card>
);

/** `/app/home`: how the business is doing, with each figure against the previous period. */
export const HomePage = () => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [state, update] = useUrlState(homeParams);
  const period = state.period ?? 30;
  const query = useDashboard(period);
  const data = query.data;
  const loading = query.isPending;
  const money = (v: number) => formatMoney(v, locale);
  const number = (v: number) => formatNumber(v, locale);
  const percent = (v: number) => numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(v);

  const [people, setPeople] = useState<PeopleSelection | null>(null);
  // Each figure that opens a list, by its selection's key: the focus goes back to it when the list closes.
  const triggers = useRef(new Map<string, HTMLButtonElement | null>());
  const openRef = (selection: PeopleSelection) => (node: HTMLButtonElement | null) => {
    triggers.current.set(selectionKey(selection), node);
  };

  // `people`: the list behind the figure (the churn rate's are the churned subscriptions); MRR and ARPPU
  // are not counts of people (MRR's movements have their own lists below).
  const kpis: Array<{
    key: string;
    figure: { current: number; previous: number | null } | undefined;
    format: (value: number) => string;
    goodWhen?: 'up' | 'down';
    people?: PeopleFigure;
  }> = [
    { key: 'revenue', figure: data?.money.revenue, format: money, people: 'revenue' },
    { key: 'mrr', figure: data?.money.mrr, format: money },
    { key: 'arppu', figure: data?.money.arppu, format: money },
    { key: 'activeSubscriptions', figure: data?.subscriptions.active, format: number, people: 'subscriptionsActive' },
    { key: 'newSubscriptions', figure: data?.subscriptions.new, format: number, people: 'subscriptionsNew' },
    {
      key: 'churnRate',
      figure: data?.subscriptions.churnRate,
      format: percent,
      goodWhen: 'down',
      people: 'subscriptionsChurned',
    },
    { key: 'usersTotal', figure: data?.users.total, format: number, people: 'usersTotal' },
    { key: 'usersNew', figure: data?.users.new, format: number, people: 'usersNew' },
    { key: 'usersActive', figure: data?.users.active, format: number, people: 'usersActive' },
    { key: 'activations', figure: data?.promo.activations, format: number, people: 'promoActivations' },
    { key: 'refused', figure: data?.promo.refused, format: number, goodWhen: 'down', people: 'promoRefused' },
    { key: 'lifetime', figure: data?.money.lifetime, format: number, people: 'lifetime' },
  ];

  return (
    <>
      <Flex align="center" justify="space-between" gap="middle" className="home-head">
        <Flex vertical>
          <PageTitle>{t('nav.home')}</PageTitle>
          {data ? (
            <Typography.Text type="secondary" data-testid="home-range">
              {t('home.period.range', { from: formatDate(data.from, locale), to: formatDate(data.to, locale) })}
            </Typography.Text>
          ) : null}
        </Flex>
        <Segmented<DashboardPeriod>
          aria-label={t('home.period.label')}
          value={period}
          onChange={(value) => update({ period: value })}
          options={dashboardPeriods.map((p) => ({ value: p, label: <Ltr>{t('home.period.days', { count: p })}</Ltr> }))}
        />
      </Flex>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('home.loadError')}
          description={describeError(query.error, t)}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : null}
      <Row gutter={[12, 12]} data-testid="home-kpis">
        {kpis.map((kpi) => (
          <Col key={kpi.key} xs={12} md={8} xl={6} xxl={4}>
            <KpiCard
              title={t(`home.kpi.${kpi.key}`)}
              figure={kpi.figure}
              format={kpi.format}
              goodWhen={kpi.goodWhen ?? 'up'}
              loading={loading}
              onOpen={kpi.people ? () => setPeople(kpi.people ? { figure: kpi.people } : null) : undefined}
              openRef={kpi.people ? openRef({ figure: kpi.people }) : undefined}
            />
          </Col>
        ))}
      </Row>
      {/* The counting policies (0049) right under the figures they change. */}
      {data ? <PoliciesNote policies={data.policies} /> : null}
      {data ? (
        <FigurePeopleDrawer
          selection={people}
          from={data.from}
          to={data.to}
          onClose={() => setPeople(null)}
          afterClose={(key) => triggers.current.get(key)?.focus()}
        />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24}>{data ? <MrrMovementsCard data={data} /> : <ChartSkeleton />}</Col>
        <Col xs={24}>
          <CohortsCard by={state.cohorts ?? 'month'} onByChange={(by) => update({ cohorts: by })} />
        </Col>
        <Col xs={24} xl={16}>
          {data ? <TrendChart data={data} /> : <ChartSkeleton />}
        </Col>
        <Col xs={24} xl={8}>
          {data ? <PlansChart data={data} /> : <ChartSkeleton />}
        </Col>
        <Col xs={24} xl={12}>
          {data ? <NewSubscriptionsChart data={data} /> : <ChartSkeleton />}
        </Col>
        <Col xs={24} xl={12}>
          {data ? <PromoFunnelCard data={data} onOpen={setPeople} openRef={openRef} /> : <ChartSkeleton />}
        </Col>
        <Col xs={24}>
          <Card size="small" title={t('home.push.title')} loading={loading} data-testid="home-push">
            <Row gutter={12}>
              {pushFigures.map(({ key, figure }) => (
                <Col key={key} xs={8}>
                  <Statistic
                    title={t(`home.push.${key}`)}
                    value={data ? number(data.push[key].current) : '—'}
                    valueRender={(node) =>
                      data ? (
                        <FigureLink
                          name={t('home.push.figure', { figure: t(`home.push.${key}`) })}
                          value={number(data.push[key].current)}
                          onOpen={() => setPeople({ figure })}
                          openRef={openRef({ figure })}
                          className="kpi-figure"
                        />
                      ) : (
                        node
                      )
                    }
                  />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </>
  );
};
