import type { MrrMovementItem, MrrMovementKind } from '@pult/contract';
import { Alert, App, Button, Drawer, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { downloadMrrMovements } from '../api/export-mrr-movements';
import { useMrrMovements } from '../api/get-mrr-movements';

interface Props {
  /** The figure whose customers to list; null keeps the drawer closed. */
  kind: MrrMovementKind | null;
  from: string;
  to: string;
  onClose: () => void;
  /** Once closed: the caller puts the focus back on the figure that opened it (never on <body>). */
  afterClose: (kind: MrrMovementKind) => void;
}

const TAKE = 20;
const WIDTH = 640;

/** The customers behind one MRR movement of the period, newest day first, each linked to their page. */
export const MrrMovementsDrawer = ({ kind, from, to, onClose, afterClose }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [page, setPage] = useState(1);
  // The drawer keeps showing the last figure while it slides shut.
  const shown = useRef<MrrMovementKind | null>(kind);
  if (kind) shown.current = kind;
  useEffect(() => {
    if (kind) setPage(1);
  }, [kind]);
  const current = shown.current;
  const query = useMrrMovements(current ? { kind: current, from, to, page, take: TAKE } : null);
  const plans = usePlans();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!current) return;
    setExporting(true);
    try {
      await downloadMrrMovements({ kind: current, from, to, lang: locale });
    } catch (error) {
      message.error(describeError(error, t));
    } finally {
      setExporting(false);
    }
  };
  const planTitle = (id: number | null) =>
    id === null ? '—' : (plans.data?.items.find((plan) => plan.id === id)?.title ?? `#${id}`);
  return (
    <Drawer
      open={kind !== null}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open && current) afterClose(current);
      }}
      title={current ? t('home.mrr.listTitle', { figure: t(`home.mrr.${current}`) }) : ''}
      size={typeof window === 'undefined' ? WIDTH : Math.min(WIDTH, window.innerWidth)}
      destroyOnHidden
      extra={
        <Button onClick={exportCsv} loading={exporting} disabled={!query.data?.count}>
          {t('home.mrr.export')}
        </Button>
      }
    >
      {current ? <Typography.Paragraph type="secondary">{t(`home.mrr.define.${current}`)}</Typography.Paragraph> : null}
      {query.isError ? <Alert type="error" showIcon title={describeError(query.error, t)} /> : null}
      <Table<MrrMovementItem>
        rowKey={(row) => `${row.userId}:${row.at}`}
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('home.mrr.empty') }}
        pagination={{
          current: page,
          pageSize: TAKE,
          total: query.data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'user',
            title: t('home.mrr.user'),
            render: (_, row) => <Link to={`/app/users/${row.userId}`}>{row.email}</Link>,
          },
          { key: 'plan', title: t('home.mrr.plan'), render: (_, row) => planTitle(row.planId) },
          { key: 'at', title: t('home.mrr.day'), render: (_, row) => formatDate(row.at, locale) },
          {
            key: 'amount',
            title: t('home.mrr.amount'),
            align: 'right',
            render: (_, row) => formatMoney(row.amount, locale),
          },
        ]}
      />
    </Drawer>
  );
};
