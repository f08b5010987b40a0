import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import type { Job } from '@pult/contract';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { useJobAction } from '../api/jobs-queries';
import { focusAfterRow } from '../lib/focus-after-row';
import { kindName } from '../lib/job-names';
import { isKnownKind } from '../lib/job-subject';

/** Retry (a failed job) and cancel (a waiting or failed one, confirmed first: it cannot be undone). */
export const JobActions = ({ job }: { job: Job }) => {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const act = useJobAction();
  const canRetry = job.status === 'failed';
  const canCancel = job.status === 'pending' || job.status === 'failed';
  if (!canRetry && !canCancel) return null;

  const retry = (button: HTMLElement) => {
    const moveFocus = focusAfterRow(button);
    return act
      .mutateAsync({ id: job.id, action: 'retry' })
      .then(() => {
        moveFocus();
        void message.success(t('jobs.actions.retried', { id: job.id }));
      })
      .catch((error: unknown) => void message.error(describeError(error, t)));
  };

  const cancel = (button: HTMLElement) => {
    const moveFocus = focusAfterRow(button);
    let canceled = false;
    modal.confirm({
      title: t('jobs.actions.confirmCancel', { id: job.id, kind: kindName(t, job.kind) }),
      content: t(`jobs.actions.explainCancel.${isKnownKind(job.kind) ? job.kind : 'other'}`),
      okText: t('jobs.actions.cancel'),
      cancelText: t('jobs.actions.keep'),
      okButtonProps: { danger: true },
      // The dialog hands the focus back to the button, which the canceled row takes away with it.
      focusTriggerAfterClose: false,
      afterClose: () => (canceled ? moveFocus() : button.focus()),
      onOk: () =>
        act
          .mutateAsync({ id: job.id, action: 'cancel' })
          .then(() => {
            canceled = true;
            void message.success(t('jobs.actions.canceled', { id: job.id }));
          })
          .catch((error: unknown) => void message.error(describeError(error, t))),
    });
  };

  return (
    <Flex vertical gap={4} align="start" role="group" aria-label={t('jobs.actions.of', { id: job.id })}>
      {canRetry ? (
        <Button
          size="small"
          icon={<RedoOutlined />}
          loading={act.isPending}
          onClick={(event) => void retry(event.currentTarget)}
        >
          {t('jobs.actions.retry')}
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          disabled={act.isPending}
          onClick={(event) => cancel(event.currentTarget)}
        >
          {t('jobs.actions.cancel')}
        </Button>
      ) : null}
    </Flex>
  );
};
