import type { RevisionsPage } from '@pult/contract';
import { auditActionName } from '@pult/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, List, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { describeError } from '../lib/describe-error';
import { formatDateTime } from '../lib/format';
import { returnFocus } from '../lib/keep-focus';
import { type FieldFormats, shownChanges } from '../lib/revision-values';
import { RevisionCompare } from './revision-compare';
import './revisions.css';
import { useFeedback } from '../lib/feedback';

interface Props {
  /** The history's cache key, under the record's own (`[resource, 'one', id, 'revisions']`). */
  queryKey: QueryKey;
  /** What a restore refreshes: every view of the resource. */
  invalidateKey: QueryKey;
  load(signal: AbortSignal): Promise<RevisionsPage>;
  /** Restores a revision; undefined when the caller may not (an editor on a user). */
  restore?: (revisionId: number) => Promise<unknown>;
  /** A field's name on the record's form. */
  fieldLabel(field: string): string;
  /** How the resource's fields read (money, periods, statuses…); a field not named reads by its kind. */
  fieldValues?: FieldFormats;
  /** Fields holding Markdown (a note's body), compared word by word. */
  markdownFields?: readonly string[];
}

const NO_FORMATS: FieldFormats = {};

/**
 * A record's «История»: each change, newest first, with who, when, and each field before and after
 * (docs/decisions/0036). «Вернуть эту версию» writes the record back to its state right after that change,
 * as a new change, through the record's own rules: a refusal says why. Ticking two changes compares the
 * record right after each (docs/decisions/0047).
 */
export const RevisionHistory = ({
  queryKey,
  invalidateKey,
  load,
  restore,
  fieldLabel,
  fieldValues = NO_FORMATS,
  markdownFields = [],
}: Props) => {
  const { t, i18n } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const locale = i18n.language as LocaleId;
  const history = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const [picked, setPicked] = useState<number[]>([]);
  const pick = (id: number, on: boolean) =>
    setPicked((ids) =>
      on ? [...ids.filter((other) => other !== id), id].slice(-2) : ids.filter((other) => other !== id),
    );
  const restoring = useMutation({
    mutationFn: (revisionId: number) => (restore ? restore(revisionId) : Promise.resolve()),
    onSuccess: () => {
      message.success(t('versions.history.restored'));
      return client.invalidateQueries({ queryKey: invalidateKey });
    },
    onError: (error) => message.error(describeError(error, t)),
  });

  // A dialog, not a popover: it takes the focus (Enter restores, Escape goes back) and gives it back to
  // the button, where a popover left a keyboard user to find its buttons at the end of the page.
  const confirmRestore = (revisionId: number) => {
    const opener = document.activeElement;
    modal.confirm({
      title: t('versions.history.restoreConfirm'),
      okText: t('versions.history.restore'),
      cancelText: t('versions.conflict.back'),
      // A refusal is said by the mutation's message; the dialog closes either way.
      onOk: () => restoring.mutateAsync(revisionId).catch(() => undefined),
      afterClose: () => returnFocus(opener),
    });
  };

  if (history.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (history.isError) return <Alert type="error" showIcon title={describeError(history.error, t)} />;
  if (history.data.items.length === 0) return <Empty description={t('versions.history.empty')} />;

  const items = history.data.items;
  const [first, second] = picked.filter((id) => items.some((revision) => revision.id === id));
  return (
    <List
      className="revision-history"
      // Keyed by revision, not by place: a restore adds one on top, and the button that had the focus stays.
      rowKey="id"
      header={
        <>
          {first !== undefined && second !== undefined ? (
            <RevisionCompare
              history={items}
              picked={[first, second]}
              fieldLabel={fieldLabel}
              fieldValues={fieldValues}
              markdownFields={markdownFields}
              onClose={() => {
                // The close button goes with the comparison: the newer version's tick takes the focus first.
                const newer = Math.max(first, second);
                document.querySelector<HTMLElement>(`[data-revision="${newer}"] input[type="checkbox"]`)?.focus();
                setPicked([]);
              }}
            />
          ) : null}
          <Typography.Text type="secondary">
            {t('versions.history.count', { count: history.data.count })}
            {items.length > 1 ? ` · ${t('versions.history.compareHint')}` : null}
          </Typography.Text>
        </>
      }
      dataSource={history.data.items}
      renderItem={(revision, index) => (
        <List.Item key={revision.id} className="revision-item" data-revision={revision.id}>
          <Space direction="vertical" size="small" className="revision-body">
            <Space wrap size="small">
              <Typography.Text strong>{revision.actor?.name ?? t('versions.history.system')}</Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(revision.at, locale)}</Typography.Text>
              <Tag>{auditActionName(revision.action, locale)}</Tag>
              <Typography.Text type="secondary">
                {t('versions.history.version', { version: revision.version })}
              </Typography.Text>
              {index === 0 ? <Tag color="blue">{t('versions.history.current')}</Tag> : null}
              {items.length > 1 ? (
                <Checkbox
                  checked={picked.includes(revision.id)}
                  onChange={(event) => pick(revision.id, event.target.checked)}
                  aria-label={t('versions.history.compareVersion', { version: revision.version })}
                >
                  {t('versions.history.compare')}
                </Checkbox>
              ) : null}
            </Space>
            <Table
              size="small"
              rowKey="field"
              pagination={false}
              // No sideways scroll: the values wrap anywhere (revisions.css), so three columns fit a phone.
              dataSource={shownChanges(revision.changes, fieldValues, { t, locale })}
              columns={[
                {
                  title: t('versions.field'),
                  dataIndex: 'field',
                  key: 'field',
                  render: (field: string) => fieldLabel(field),
                },
                {
                  title: t('versions.history.before'),
                  dataIndex: 'before',
                  key: 'before',
                  render: (text: string) => <Clip text={text} />,
                },
                {
                  title: t('versions.history.after'),
                  dataIndex: 'after',
                  key: 'after',
                  render: (text: string) => <Clip text={text} />,
                },
              ]}
            />
            {restore && index > 0 ? (
              <Button
                size="small"
                loading={restoring.isPending && restoring.variables === revision.id}
                onClick={() => confirmRestore(revision.id)}
              >
                {t('versions.history.restore')}
              </Button>
            ) : null}
          </Space>
        </List.Item>
      )}
    />
  );
};

const Clip = ({ text }: { text: string }) => (
  <Typography.Paragraph ellipsis={{ rows: 3, tooltip: text }} className="revision-value">
    {text}
  </Typography.Paragraph>
);
