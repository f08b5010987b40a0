import { DownloadOutlined } from '@ant-design/icons';
import type { AuditEventEntry, AuditFilters } from '@pult/contract';
import { auditEndpoints } from '@pult/contract/endpoints/audit';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Row, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list-views/list-toolbar';
import { useListColumns } from '../../../components/list-views/use-list-columns';
import type { LocaleId } from '../../../config/theme-config';
import { download, saveBlob } from '../../../lib/api';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { urlParam } from '../../../lib/url-params';
import { useUrlState } from '../../../lib/use-url-state';
import { useAuditEvents } from '../api/settings-queries';
import { ChangeDiff } from './change-diff';

const WORD = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const filterSchema = {
  actor: urlParam.positiveInt(),
  entity: urlParam.matching(WORD),
  entityId: urlParam.text(),
  action: urlParam.matching(WORD),
  from: urlParam.day(),
  to: urlParam.day(),
};

/** The audit log: filters in the URL, newest first, «more» pages by keyset, before/after as a diff, CSV export. */
export const AuditLog = () => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { message } = App.useApp();
  const [url, setUrl] = useUrlState(filterSchema);
  const [exporting, setExporting] = useState(false);
  const filters: AuditFilters = useMemo(
    () => ({
      actorId: url.actor,
      entity: url.entity,
      entityId: url.entityId,
      action: url.action,
      from: url.from ? dayjs(url.from).startOf('day').toISOString() : undefined,
      to: url.to ? dayjs(url.to).endOf('day').toISOString() : undefined,
    }),
    [url],
  );
  const events = useAuditEvents(filters);
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await download(auditEndpoints.export, { query: filters }, () => undefined, {
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
    { key: 'action', title: t('settings.audit.action'), render: (_, row) => <Tag>{row.action}</Tag> },
    {
      key: 'entity',
      title: t('settings.audit.entity'),
      render: (_, row) => (row.entityId ? `${row.entity} #${row.entityId}` : row.entity),
    },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 140 },
  ];
  const { columns: shownColumns, control: columnsControl } = useListColumns('audit-log', auditColumns);

  return (
    <>
      <Form layout="vertical" className="audit-filters">
        <Row gutter={12}>
          <Col xs={12} md={4}>
            <Form.Item label={t('settings.audit.actor')}>
              <InputNumber
                min={1}
                precision={0}
                value={url.actor ?? null}
                onChange={(value) => setUrl({ actor: value ?? undefined })}
                className="settings-number"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label={t('settings.audit.entity')}>
              <Input
                allowClear
                defaultValue={url.entity}
                placeholder="user"
                onBlur={(event) => setUrl({ entity: WORD.test(event.target.value) ? event.target.value : undefined })}
                onPressEnter={(event) =>
                  setUrl({ entity: WORD.test(event.currentTarget.value) ? event.currentTarget.value : undefined })
                }
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item label={t('settings.audit.entityId')}>
              <Input
                allowClear
                defaultValue={url.entityId}
                onBlur={(event) => setUrl({ entityId: event.target.value })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label={t('settings.audit.action')}>
              <Input
                allowClear
                defaultValue={url.action}
                placeholder="update"
                onBlur={(event) => setUrl({ action: WORD.test(event.target.value) ? event.target.value : undefined })}
                onPressEnter={(event) =>
                  setUrl({ action: WORD.test(event.currentTarget.value) ? event.currentTarget.value : undefined })
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('settings.audit.dates')}>
              <DatePicker.RangePicker
                value={[url.from ? dayjs(url.from) : null, url.to ? dayjs(url.to) : null]}
                allowEmpty={[true, true]}
                onChange={(range) =>
                  setUrl({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={3}>
            <Form.Item label=" ">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
                {t('settings.audit.export')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <ListToolbar listKey="audit-log" columns={columnsControl} />
      <Table<AuditEventEntry>
        rowKey="id"
        size="small"
        loading={events.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
        locale={events.error ? { emptyText: describeError(events.error, t) } : undefined}
        expandable={{ expandedRowRender: (row) => <ChangeDiff before={row.before} after={row.after} /> }}
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
