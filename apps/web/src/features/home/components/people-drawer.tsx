import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatCount } from '../../../lib/format';

/** One page of a figure's rows and how many there are in all. */
export interface PeoplePageData<Row> {
  items: Row[];
  count: number;
  countIsEstimate?: boolean;
}

/** How to fetch one page: the key from the feature's key factory and the call. */
export interface PeoplePageQuery<Row> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<PeoplePageData<Row>>;
}

interface Props<K extends string, Row> {
  /** The figure whose people to list; null keeps the drawer closed. */
  open: K | null;
  onClose: () => void;
  /** Once closed: the caller puts the focus back on the figure that opened it (never on <body>). */
  afterClose: (figure: K) => void;
  title: (figure: K) => string;
  description: (figure: K) => ReactNode;
  /** The query of one page of a figure's rows. */
  pageQuery: (figure: K, page: number, take: number) => PeoplePageQuery<Row>;
  columns: (figure: K) => TableColumnsType<Row>;
  rowKey: (row: Row) => string;
  exportCsv: (figure: K) => Promise<void>;
  emptyText: string;
}

const TAKE = 20;
const WIDTH = 640;

/** The people's column every list has: the e-mail, linked to the user's page. */
export const userColumn = <Row extends { userId: number | null; email: string }>(title: string) => ({
  key: 'user',
  title,
  render: (_: unknown, row: Row) =>
    row.userId === null ? '—' : <Link to={`/app/users/${row.userId}`}>{row.email || `#${row.userId}`}</Link>,
});

/**
 * The people behind a figure of the home screen, a page at a time, with the whole list as CSV: one
 * drawer for the MRR movements and for the KPI cards, each giving its own rows and columns.
 */
export const PeopleDrawer = <K extends string, Row extends object>({
  open,
  onClose,
  afterClose,
  title,
  description,
  pageQuery,
  columns,
  rowKey,
  exportCsv,
  emptyText,
}: Props<K, Row>) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [page, setPage] = useState(1);
  // The drawer keeps showing the last figure while it slides shut.
  const shown = useRef<K | null>(open);
  if (open) shown.current = open;
  useEffect(() => {
    if (open) setPage(1);
  }, [open]);
  const current = shown.current;
  const paged = current ? pageQuery(current, page, TAKE) : null;
  // The page on screen stays while the next one loads.
  const query = useQuery({
    queryKey: paged?.queryKey ?? [],
    queryFn: ({ signal }) => (paged ? paged.queryFn({ signal }) : Promise.resolve({ items: [], count: 0 })),
    enabled: paged !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    if (!current) return;
    setExporting(true);
    try {
      await exportCsv(current);
    } catch (error) {
      message.error(describeError(error, t));
    } finally {
      setExporting(false);
    }
  };
  const count = query.data?.count ?? 0;
  return (
    <Drawer
      open={open !== null}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen && current) afterClose(current);
      }}
      title={current ? title(current) : ''}
      size={typeof window === 'undefined' ? WIDTH : Math.min(WIDTH, window.innerWidth)}
      destroyOnHidden
      extra={
        <Button onClick={download} loading={exporting} disabled={!count}>
          {t('home.mrr.export')}
        </Button>
      }
    >
      {current ? <Typography.Paragraph type="secondary">{description(current)}</Typography.Paragraph> : null}
      {query.data ? (
        <Typography.Paragraph data-testid="people-count">
          {t('home.people.count', { count: formatCount(count, query.data.countIsEstimate ?? false, locale) })}
        </Typography.Paragraph>
      ) : null}
      {query.isError ? <Alert type="error" showIcon title={describeError(query.error, t)} /> : null}
      <Table<Row>
        rowKey={rowKey}
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        pagination={{
          current: page,
          pageSize: TAKE,
          total: count,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={current ? columns(current) : []}
      />
    </Drawer>
  );
};
