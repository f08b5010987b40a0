import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { BULK_LIMIT, type GeneratedCode, type PromoSeries } from '@pult/contract';
import { Alert, Button, Flex, Input, Progress, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/paged-table';
import type { LocaleId } from '../../../config/theme-config';
import type { DownloadProgress } from '../../../lib/api';
import { useFeedback } from '../../../lib/feedback';
import { formatCount, formatDateTime, formatNumber } from '../../../lib/format';
import { pagingParams } from '../../../lib/url-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlState } from '../../../lib/use-url-state';
import { useDownloadCodesCsv, useGeneratedCodes } from '../api/promo-codes';
import { canBlock } from '../lib/code-actions';
import { downloadPercent, isGenerating } from '../lib/progress';
import { BlockCodeButton } from './block-code-button';
import { CodeStatusTag } from './code-status-tag';
import { CodesBulkBlock } from './codes-bulk-block';

const CODE_PAGE_SIZES = [20, 50, 100];
const generatedPaging = pagingParams({ sizes: CODE_PAGE_SIZES });

/** Letters, digits and dashes: what a code may hold (the API refuses anything else). */
const codeStart = (text: string) => text.replace(/[^A-Za-z0-9-]/g, '').toUpperCase();

/**
 * Every code of the series, page by page, with a copy button each, a search by the start of a code
 * (with or without the series prefix) and the whole list as CSV.
 */
export const GeneratedCodesTab = ({ series }: { series: PromoSeries }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { message } = useFeedback();
  const [paging, setPaging] = useUrlState(generatedPaging, { replace: true });
  const [text, setText] = useState('');
  const search = useDebouncedValue(codeStart(text), 300);
  const codes = useGeneratedCodes({ ...paging, id: series.id, code: search }, isGenerating(series));
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
      render: (_, code) => (canBlock(code) ? <BlockCodeButton seriesId={series.id} code={code.value} /> : null),
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
        <Input
          className="promo-filter-name"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('promoCodes.codes.search')}
          aria-label={t('promoCodes.codes.search')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPaging({ page: 1 });
          }}
        />
        <Typography.Text type="secondary">
          {search
            ? t('promoCodes.codes.found', {
                total: formatCount(codes.data?.count ?? 0, codes.data?.countIsEstimate ?? false, locale),
              })
            : t('promoCodes.codes.total', {
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
          // Only a code nobody has used can be blocked (there is no unblock).
          disabled: (code) => !canBlock(code),
          rowLabel: (code) => t('bulk.select', { name: code.value }),
        }}
      />
    </Flex>
  );
};
