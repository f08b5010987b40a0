import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PresenceBar } from '../../../components/presence-bar';
import { ResultHeading } from '../../../components/result-heading';
import { RevisionHistory } from '../../../components/revision-history';
import { useBreadcrumbLabel } from '../../../lib/breadcrumb-label';
import { errorCodeOf } from '../../../lib/describe-error';
import { useRecordPresence } from '../../../lib/presence';
import { promoKeys } from '../api/keys';
import { loadSeriesRevisions, restoreSeriesRevision, seriesRevisionsKey, usePromoSeries } from '../api/promo-series';
import { ActivatedCodesTab } from '../components/activated-codes-tab';
import { CodeLookupCard } from '../components/code-lookup-card';
import { GeneratedCodesTab } from '../components/generated-codes-tab';
import { SeriesHeader } from '../components/series-header';
import { ThemeEditor } from '../components/theme-editor';
import { isGenerating } from '../lib/progress';
import { SERIES_FIELD_LABELS, SERIES_FIELD_VALUES } from '../lib/series-fields';
import '../components/promo-codes.css';

const TABS = ['codes', 'activated', 'theme', 'history'] as const;
type Tab = (typeof TABS)[number];

/** `/app/promo-codes/:id`: one series, its codes, who used them, and its landing page. */
export const PromoSeriesPage = () => {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'codes';
  const series = usePromoSeries(valid ? id : 0);
  // The theme tab is the series' form (the soft edit lock); its other tabs only look at it.
  const presence = useRecordPresence('promo-series', series.data?.id, tab === 'theme');
  useBreadcrumbLabel(series.data?.name ?? (series.isError || !valid ? t('breadcrumbs.notFound') : undefined));
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // When generation ends, the code list made while it ran is out of date (every page and search of it).
  const wasGenerating = useRef(false);
  const generating = series.data ? isGenerating(series.data) : false;
  useEffect(() => {
    if (wasGenerating.current && !generating)
      void queryClient.invalidateQueries({ queryKey: promoKeys.allGenerated() });
    wasGenerating.current = generating;
  }, [generating, queryClient]);

  const back = (
    <Button type="primary" onClick={() => navigate('/app/promo-codes')}>
      {t('promoCodes.series.back')}
    </Button>
  );
  if (!valid || errorCodeOf(series.error) === 'SERIES_NOT_FOUND')
    return (
      <Result status="404" title={<ResultHeading>{t('promoCodes.series.notFound')}</ResultHeading>} extra={back} />
    );
  if (series.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (series.isError)
    return (
      <Result
        status="error"
        title={<ResultHeading>{t('promoCodes.series.loadFailed')}</ResultHeading>}
        extra={<Button onClick={() => series.refetch()}>{t('promoCodes.common.retry')}</Button>}
      />
    );

  return (
    <div className="promo-series-page">
      <SeriesHeader series={series.data} />
      <PresenceBar presence={presence} canTakeOver={tab === 'theme'} />
      <CodeLookupCard seriesId={series.data.id} />
      <Card className="promo-series-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                // Each tab pages its own list: a page of one means nothing in the other.
                next.delete('page');
                next.delete('take');
                if (key === 'codes') next.delete('tab');
                else next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={[
            { key: 'codes', label: t('promoCodes.tabs.codes'), children: <GeneratedCodesTab series={series.data} /> },
            {
              key: 'activated',
              label: t('promoCodes.tabs.activated'),
              children: <ActivatedCodesTab seriesId={series.data.id} />,
            },
            { key: 'theme', label: t('promoCodes.tabs.theme'), children: <ThemeEditor series={series.data} /> },
            {
              key: 'history',
              label: t('versions.history.tab'),
              children: (
                <RevisionHistory
                  queryKey={seriesRevisionsKey(series.data.id)}
                  invalidateKey={promoKeys.all}
                  load={(signal) => loadSeriesRevisions(id, signal)}
                  restore={(revisionId) => restoreSeriesRevision(id, revisionId)}
                  fieldLabel={(field) => t(SERIES_FIELD_LABELS[field] ?? field)}
                  fieldValues={SERIES_FIELD_VALUES}
                />
              ),
            },
          ]}
          destroyOnHidden
        />
      </Card>
    </div>
  );
};
