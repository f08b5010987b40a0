import { DownloadOutlined } from '@ant-design/icons';
import { type AuditEventEntry, auditActionName, auditEntityName } from '@pult/contract';
import { auditEndpoints } from '@pult/contract/endpoints/audit';
import { App, Button, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list-views/list-toolbar';
import { useListColumns } from '../../../components/list-views/use-list-columns';
import type { LocaleId } from '../../../config/theme-config';
import { download, saveBlob } from '../../../lib/api';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { useUrlState } from '../../../lib/use-url-state';
import { useAuditEvents } from '../api/settings-queries';
import { type AuditSearch, auditSearchParams, toAuditFilters } from '../lib/audit-search';
import { AuditFilters } from './audit-filters';
import { AuditObject } from './audit-object';
import { AuditRequest } from './audit-request';
import { ChangeDiff } from './change-diff';

const NO_FILTERS: { [K in keyof Required<AuditSearch>]: undefined } = {
  actor: undefined,
  entity: undefined,
  entityId: undefined,
  action: undefined,
  from: undefined,
  to: undefined,
  request: undefined,
};

/**
 * The audit log: filters in the URL, newest first, «more» pages by keyset, before/after as a diff, CSV
 * export. Actions and objects are named in the reader's language (the contract's vocabulary), and
 * each object links to the screen that shows it.
 */
export const AuditLog = () => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { message } = App.useApp();
  const [search, setSearch] = useUrlState(auditSearchParams);
  const [exporting, setExporting] = useState(false);
  const filters = useMemo(() => toAuditFilters(search), [search]);
  const events = useAuditEvents(filters);
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = { ...filters, lang: locale };
      const { blob, fileName } = await download(auditEndpoints.export, { query }, () => undefined, {
        fileName: 'audit.csv',
      });
      saveBlob(blob, fileName);
    } catch (error) {
      message.error(describeError(error, t));
    } finally {
      setExporting(false);
    }
  };

  const auditColumns: TableColumnsType<AuditEventEntry> = [
    { key: 'at', title: t('settings.audit.at'), width: 180, render: (_, row) => formatDateTime(row.at, locale) },
    {
      key: 'actor',
      title: t('settings.audit.actor'),
      render: (_, row) => row.actorEmail ?? (row.actorId ? `#${row.actorId}` : '—'),
    },
    {
      key: 'action',
      title: t('settings.audit.action'),
      render: (_, row) => <Tag>{auditActionName(row.action, locale)}</Tag>,
    },
    {
      key: 'entity',
      title: t('settings.audit.entity'),
      render: (_, row) => <AuditObject event={row} name={auditEntityName(row.entity, locale)} />,
    },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 140 },
  ];
  const { columns: shownColumns, control: columnsControl } = useListColumns('audit-log', auditColumns);

  return (
    <>
      <AuditFilters search={search} onChange={(next) => setSearch({ ...NO_FILTERS, ...next })} />
      {/* The export takes the filters above; it sits with the list's own buttons, inside the width. */}
      <Flex justify="space-between" align="center" gap="small" wrap className="audit-toolbar">
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
          {t('settings.audit.export')}
        </Button>
        <ListToolbar listKey="audit-log" columns={columnsControl} />
      </Flex>
      <Table<AuditEventEntry>
        rowKey="id"
        size="small"
        loading={events.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
        locale={events.error ? { emptyText: describeError(events.error, t) } : undefined}
        expandable={{
          expandedRowRender: (row) => (
            <>
              {row.requestId ? (
                <AuditRequest
                  requestId={row.requestId}
                  filtered={search.request === row.requestId}
                  onShowAll={() => setSearch({ ...NO_FILTERS, request: row.requestId ?? undefined })}
                />
              ) : null}
              <ChangeDiff before={row.before} after={row.after} />
            </>
          ),
        }}
        columns={shownColumns}
      />
      {events.hasNextPage ? (
        <Button
          className="audit-more"
          onClick={() => void events.fetchNextPage()}
          loading={events.isFetchingNextPage}
          block
        >
          {t('settings.audit.more')}
        </Button>
      ) : null}
    </>
  );
};
