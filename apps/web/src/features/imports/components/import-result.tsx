import { UndoOutlined } from '@ant-design/icons';
import type { ImportState } from '@pult/contract';
import { Alert, Button, Flex, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError, errorCodeOf } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { useUndoImport } from '../api/imports-queries';
import { backPath } from '../lib/import-options';
import { DownloadErrorsButton } from './download-errors-button';
import { ImportCounts } from './import-counts';
import { RowErrorsTable } from './row-errors-table';

const STATUS_COLORS: Record<ImportState['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  undone: 'warning',
};

/** What an import did: its state while the job runs, then its counts, refused rows, and the undo. */
export const ImportResult = ({ state }: { state: ImportState }) => {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const undo = useUndoImport(state.id);
  const working = state.status === 'queued' || state.status === 'running';
  const canUndo = !state.dryRun && (state.status === 'done' || state.status === 'failed') && state.imported > 0;
  const created = state.imported - state.updated;
  const updated = state.updated > 0;

  const confirmUndo = () =>
    modal.confirm({
      title: updated
        ? t('imports.result.undoTitleUpdated', { created, updated: state.updated })
        : t('imports.result.undoTitle', { n: state.imported }),
      content: t(updated ? 'imports.result.undoTextUpdated' : 'imports.result.undoText'),
      okText: t('imports.result.undo'),
      cancelText: t('imports.result.keep'),
      okButtonProps: { danger: true },
      onOk: () =>
        undo
          .mutateAsync()
          .then(() => void message.success(t('imports.result.undone')))
          .catch((error: unknown) => {
            if (errorCodeOf(error) !== 'IMPORT_UNDO_REFUSED') void message.error(describeError(error, t));
          }),
    });

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center" wrap>
        <Typography.Text strong>{t(`imports.kinds.${state.kind}`)}</Typography.Text>
        <Typography.Text type="secondary">{state.fileName}</Typography.Text>
        <Tag color={STATUS_COLORS[state.status]} data-testid="import-status">
          {t(`imports.statuses.${state.status}`)}
        </Tag>
      </Flex>
      {working ? (
        <Progress
          percent={state.valid > 0 ? Math.round((state.imported / state.valid) * 100) : 0}
          status="active"
          aria-label={t('imports.result.progress')}
        />
      ) : null}
      {state.status === 'failed' && state.failure ? (
        <Alert
          type={state.failure === 'invalid-rows' ? 'warning' : 'error'}
          showIcon
          title={t(`imports.failures.${state.failure}`, { defaultValue: t('imports.failures.other') })}
        />
      ) : null}
      {state.status === 'done' && !state.dryRun ? (
        <Alert
          type="success"
          showIcon
          title={
            state.onExisting === 'update'
              ? t('imports.result.doneUpdated', { created, updated: state.updated })
              : t('imports.result.done', { n: state.imported })
          }
        />
      ) : null}
      {state.status === 'undone' ? (
        <Alert
          type="info"
          showIcon
          title={t(updated ? 'imports.result.undoneNoteUpdated' : 'imports.result.undoneNote')}
        />
      ) : null}
      <ImportCounts state={state} imported />
      {state.undoRefusals.length > 0 && state.status !== 'undone' ? (
        <Alert
          type="error"
          showIcon
          title={t('apiErrors.IMPORT_UNDO_REFUSED')}
          description={
            <List
              size="small"
              dataSource={state.undoRefusals.slice(0, 50)}
              renderItem={(refusal) => (
                <List.Item>
                  {t('imports.result.refusal', {
                    row: refusal.row,
                    reason: t(`imports.undoReasons.${refusal.reason}`),
                  })}
                </List.Item>
              )}
            />
          }
        />
      ) : null}
      {state.invalid > 0 ? <RowErrorsTable errors={state.errors} total={state.invalid} /> : null}
      <Flex gap="small" wrap>
        {state.invalid > 0 && !working ? <DownloadErrorsButton id={state.id} /> : null}
        {canUndo ? (
          <Button danger icon={<UndoOutlined aria-hidden />} loading={undo.isPending} onClick={confirmUndo}>
            {t('imports.result.undo')}
          </Button>
        ) : null}
        <Link to={backPath(state.kind, state.seriesId)} className="imports-back-link">
          {t(`imports.backTo.${state.kind}`)}
        </Link>
      </Flex>
    </Flex>
  );
};
