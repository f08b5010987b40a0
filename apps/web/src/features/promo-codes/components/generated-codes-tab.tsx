import { DownloadOutlined } from '@ant-design/icons';
import { BULK_LIMIT, type GeneratedCode, type PromoSeries } from '@pult/contract';
import { Alert, App, Button, Flex, Progress, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/paged-table';
import type { LocaleId } from '../../../config/theme-config';
import type { DownloadProgress } from '../../../lib/api';
import { formatCount, formatDateTime, formatNumber } from '../../../lib/format';
import { pagingParams } from '../../../lib/url-params';
import { useUrlState } from '../../../lib/use-url-state';
import { useDownloadCodesCsv, useGeneratedCodes } from '../api/promo-codes';
import { downloadPercent, isGenerating } from '../lib/progress';
import { BlockCodeButton } from './block-code-button';
import { CodeStatusTag } from './code-status-tag';
import { CodesBulkBlock } from './codes-bulk-block';

const CODE_PAGE_SIZES = [20, 50, 100];
const generatedPaging = pagingParams({ sizes: CODE_PAGE_SIZES });

/** Every code of the series, page by page, with a copy button each and the whole list as CSV. */
export const GeneratedCodesTab = ({ series }: { series: PromoSeries }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { message } = App.useApp();
  const [paging, setPaging] = useUrlState(generatedPaging, { replace: true });
  const codes = useGeneratedCodes({ id: series.id, page: paging.page, take: paging.take });
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const download = useDownloadCodesCsv(series.id, setProgress);
  const percent = progress ? downloadPercent(progress.rows, series.generated) : null;

  const columns: TableColumnsType<GeneratedCode> = [
    {
      key: 'value',
      title: t('promoCodes.fields.code'),
      render: (_, code) => (
        <Typography.Text
          className="promo-mono"
          copyable={{
            text: code.value,
            tooltips: [t('promoCodes.codes.copy'), t('promoCodes.codes.copied')],
          }}
        >
          {code.value}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('promoCodes.fields.status'),
      render: (_, code) => <CodeStatusTag status={code.status} />,
    },
    {
      key: 'activatedAt',
      title: t('promoCodes.fields.activatedAt'),
      render: (_, code) => formatDateTime(code.activatedAt, locale),
    },
    {
      key: 'actions',
      title: <span className="sr-only">{t('promoCodes.common.actions')}</span>,
      align: 'end',
      render: (_, code) =>
        code.status === 'blocked' ? null : <BlockCodeButton seriesId={series.id} code={code.value} />,
    },
  ];

  const startDownload = () => {
    setProgress({ rows: 0, bytes: 0 });
    download.mutate(undefined, {
      onSuccess: () => message.success(t('promoCodes.codes.csvDone')),
      onError: () => message.error(t('promoCodes.codes.csvFailed')),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Typography.Text type="secondary">
          {t('promoCodes.codes.total', {
            total: formatCount(codes.data?.count ?? series.generated, codes.data?.countIsEstimate ?? false, locale),
          })}
        </Typography.Text>
        <Flex align="center" gap="middle">
          {download.isPending && progress ? (
            <div className="promo-csv-progress" role="status" aria-label={t('promoCodes.codes.csvProgress')}>
              <Progress percent={percent ?? 0} size="small" status="active" />
              <Typography.Text type="secondary" className="promo-progress-caption">
                {t('promoCodes.codes.csvRows', { rows: formatNumber(progress.rows, locale) })}
              </Typography.Text>
            </div>
          ) : null}
          <Button
            icon={<DownloadOutlined />}
            onClick={startDownload}
            loading={download.isPending}
            disabled={series.generated === 0}
          >
            {t('promoCodes.codes.csv')}
          </Button>
        </Flex>
      </Flex>
      <CodesBulkBlock seriesId={series.id} codes={chosen} onClear={() => setChosen([])} />
      {isGenerating(series) ? <Alert type="info" showIcon title={t('promoCodes.codes.stillGenerating')} /> : null}
      <PagedTable<GeneratedCode>
        listKey="promo-codes-generated"
        rowKey="value"
        size="middle"
        columns={columns}
        list={codes}
        paging={paging}
        onPage={setPaging}
        pageSizes={CODE_PAGE_SIZES}
        empty={{ text: t('promoCodes.list.nothingFound') }}
        errorTitle={t('promoCodes.codes.loadFailed')}
        selection={{
          keys: chosen,
          onChange: (keys) => setChosen(keys.map(String)),
          limit: BULK_LIMIT,
          // There is no unblock: a blocked code has nothing left to choose it for.
          disabled: (code) => code.status === 'blocked',
          rowLabel: (code) => t('bulk.select', { name: code.value }),
        }}
      />
    </Flex>
  );
};
