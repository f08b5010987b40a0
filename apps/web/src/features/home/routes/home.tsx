import { ReloadOutlined } from '@ant-design/icons';
import type { CohortGrouping, DashboardData, DashboardPeriod, PeopleFigure } from '@pult/contract';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Statistic, Typography, theme } from 'antd';
import { lazy, memo, type ReactNode, Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { onFirstOpen } from '../../../components/on-first-open';
import { PageTitle } from '../../../components/page-title';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatDate, formatMoney, formatNumber, numberFormat } from '../../../lib/format';
import type { UrlParam, UrlSchema } from '../../../lib/url-params';
import { useUrlState } from '../../../lib/use-url-state';
import { useDashboard } from '../api/get-dashboard';
import { CHART_HEIGHT, ChartCardPlaceholder, ChartPlaceholder } from '../components/chart-placeholder';
import { MRR_FIGURES_HEIGHT } from '../components/chart-size';
import { CohortsCard } from '../components/cohorts-card';
import { FigureLink } from '../components/figure-link';
import { KpiCard } from '../components/kpi-card';
import { Later } from '../components/later';
import { MrrMovementsCard } from '../components/mrr-movements-card';
import { type PeopleSelection, selectionKey } from '../components/people-selection';
import { PoliciesNote } from '../components/policies-note';
import { PromoFunnelCard } from '../components/promo-funnel-card';
import { cohortGroupings, dashboardPeriods } from '../contract-values';
import '../home.css';

// recharts comes in a chunk of its own, for the three charts below the fold, drawn only as they come near the view
// (issue 37: the first screen no longer downloads and runs it; the MRR waterfall in view is plain elements). antd's
// Table comes only with the people's drawers, at their first opening: the cohorts' grid and the promo funnel are
// plain tables. (Splitting the drawers off while the grid and the funnel still drew Table regrouped antd's input
// styles into two chunks of /app/users, +4 kB there; with Table in the drawers alone, /app/users' chunks stay.)
const charts = () => import('../components/dashboard-charts');
const TrendChart = lazy(() => charts().then((m) => ({ default: m.TrendChart })));
const PlansChart = lazy(() => charts().then((m) => ({ default: m.PlansChart })));
const NewSubscriptionsChart = lazy(() => charts().then((m) => ({ default: m.NewSubscriptionsChart })));
/**
 * The people behind a figure: downloaded when a figure is first opened (antd's Table and Drawer, the export's
 * contract groups), not with the screen (issue 37), and kept mounted after, so it slides shut as a drawer does.
 */
const FigurePeopleDrawer = onFirstOpen(
  'figure-people-drawer',
  () => import('../components/figure-people-drawer').then((m) => m.FigurePeopleDrawer),
  (props) => props.selection !== null,
);

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

/** `/app/home`: how the business is doing, with each figure against the previous period. */
export const HomePage = () => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [state, update] = useUrlState(homeParams);
  const period = state.period ?? 30;
  const query = useDashboard(period);
  // The figures are drawn in a background pass (a deferred value renders in slices that give the browser its
  // turn every few milliseconds) instead of one long task when the answer arrives (issue 37: blocking time).
  const data = useDeferredValue(query.data);

  return (
    <>
      <Flex align="center" justify="space-between" gap="middle" className="home-head">
        <Flex vertical>
          <PageTitle>{t('nav.home')}</PageTitle>
          {/* The line is there before the data (a blank of its height), so the figures below do not move down. */}
          <Typography.Text type="secondary" data-testid="home-range">
            {data
              ? t('home.period.range', { from: formatDate(data.from, locale), to: formatDate(data.to, locale) })
              : '\u00a0'}
          </Typography.Text>
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
      <HomeFigures
        data={data}
        settled={data !== undefined || query.isError}
        cohorts={state.cohorts ?? 'month'}
        update={update}
      />
    </>
  );
};

/**
 * Everything under the title, drawn again only when the deferred answer (or the cohorts' grouping) changes.
 * When the answer arrives, React first renders the page with the old (deferred) value, at once and in one
 * task: that render no longer draws the figures, the cards and the charts again for nothing (issue 37).
 */
const HomeFigures = memo(function HomeFigures({
  data,
  settled,
  cohorts,
  update,
}: {
  data: DashboardData | undefined;
  /** The dashboard has answered (or failed): the parts below the fold may take their turns. */
  settled: boolean;
  cohorts: CohortGrouping;
  update: (change: { cohorts: CohortGrouping }) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { token } = theme.useToken();
  const loading = !data;
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

  // The funnel's card with its title and a place kept, until the data is there and its turn has come.
  const promo = <ChartCardPlaceholder title={t('home.promo.title')} height={CHART_HEIGHT.byPlan} />;
  const pushPlaceholder = <Card size="small" title={t('home.push.title')} loading data-testid="home-push" />;
  /** A chart's place below the fold, kept until it comes near the view and recharts and the data are there. */
  const chart = (height: number, drawn: (data: DashboardData) => ReactNode) => (
    <Later ready={settled} inTurn={false} placeholder={<ChartPlaceholder height={height} />}>
      <Suspense fallback={<ChartPlaceholder height={height} />}>
        {data ? drawn(data) : <ChartPlaceholder height={height} />}
      </Suspense>
    </Later>
  );

  return (
    <>
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
      <PoliciesNote policies={data?.policies} />
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
        <Col xs={24}>
          {data ? (
            <MrrMovementsCard data={data} />
          ) : (
            <ChartCardPlaceholder title={t('home.mrr.title')} height={CHART_HEIGHT.waterfall + MRR_FIGURES_HEIGHT} />
          )}
        </Col>
        <Col xs={24}>
          <CohortsCard by={cohorts} onByChange={(by) => update({ cohorts: by })} ready={settled} />
        </Col>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('home.charts.trend')}>
            {chart(CHART_HEIGHT.trend, (shown) => (
              <TrendChart data={shown} token={token} />
            ))}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('home.charts.byPlan')}>
            {data?.subscriptions.byPlan.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              chart(CHART_HEIGHT.byPlan, (shown) => <PlansChart data={shown} token={token} />)
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('home.charts.newBySource')}>
            {chart(CHART_HEIGHT.newBySource, (shown) => (
              <NewSubscriptionsChart data={shown} token={token} />
            ))}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Later ready={settled} placeholder={promo}>
            {data ? <PromoFunnelCard data={data} onOpen={setPeople} openRef={openRef} /> : promo}
          </Later>
        </Col>
        <Col xs={24}>
          <Later ready={settled} placeholder={pushPlaceholder}>
            {data ? (
              <Card size="small" title={t('home.push.title')} data-testid="home-push">
                <Row gutter={12}>
                  {pushFigures.map(({ key, figure }) => (
                    <Col key={key} xs={8}>
                      <Statistic
                        title={t(`home.push.${key}`)}
                        value={number(data.push[key].current)}
                        valueRender={() => (
                          <FigureLink
                            name={t('home.push.figure', { figure: t(`home.push.${key}`) })}
                            value={number(data.push[key].current)}
                            onOpen={() => setPeople({ figure })}
                            openRef={openRef({ figure })}
                            className="kpi-figure"
                          />
                        )}
                      />
                    </Col>
                  ))}
                </Row>
              </Card>
            ) : (
              pushPlaceholder
            )}
          </Later>
        </Col>
      </Row>
    </>
  );
});
