import { Alert, Button, Descriptions, Drawer, Flex, Progress, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { formatNumber } from '../../../lib/format';
import { useCancelReminder, useReminder } from '../api/reminders';
import { fitDrawer } from '../lib/fit-drawer';
import { openRate } from '../lib/open-rate';
import { useSchedulingZone } from '../lib/use-scheduling-zone';
import { DeliveryFunnel } from './delivery-funnel';
import { ReminderStatusTag } from './reminder-status-tag';
import { VariantResults } from './variant-results';

interface Props {
  id: number | undefined;
  onClose: () => void;
}

/** One push: live progress while sending, per-platform counts, the funnel per provider, failures by reason, cancel. */
export const ReminderDetailDrawer = ({ id, onClose }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const scheduling = useSchedulingZone();
  const { modal, message } = useFeedback();
  const reminder = useReminder(id);
  const cancel = useCancelReminder();
  const data = reminder.data;
  const n = (value: number) => formatNumber(value, locale);
  const done = data ? data.sent + data.failed + data.skipped : 0;
  const cancelable = data && (data.status === 'scheduled' || data.status === 'sending');

  const askCancel = () =>
    modal.confirm({
      title: t('push.cancel.confirmTitle'),
      content: t('push.cancel.confirmText'),
      okText: t('push.cancel.submit'),
      okButtonProps: { danger: true },
      cancelText: t('push.common.back'),
      onOk: () =>
        cancel.mutateAsync(id ?? 0).then(
          () => message.success(t('push.cancel.done')),
          (error: unknown) => message.error(describeError(error, t)),
        ),
    });

  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={fitDrawer(560)}
      title={data?.title ?? t('push.detail.title')}
      destroyOnHidden
    >
      {reminder.isError ? (
        <Alert type="error" showIcon title={describeError(reminder.error, t)} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="middle">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('push.fields.status')}>
              <ReminderStatusTag status={data.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('push.fields.scheduledAt')}>
              {scheduling.format(data.scheduledAt, data.timeZone)}
              {data.localTime ? ` · ${t('push.fields.localTime')}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('push.fields.audience')}>{t(`push.type.${data.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('push.fields.category')}>
              {t(`push.category.${data.category}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('push.fields.body')}>{data.body}</Descriptions.Item>
            {data.deeplink ? (
              <Descriptions.Item label={t('push.fields.deeplink')}>{data.deeplink}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {data.targeted > 0 ? (
            <Progress
              percent={Math.floor((done / data.targeted) * 100)}
              status={data.status === 'sending' ? 'active' : undefined}
              format={() => <Ltr>{`${n(done)} / ${n(data.targeted)}`}</Ltr>}
            />
          ) : null}
          <Descriptions column={2} size="small" data-testid="reminder-stats">
            <Descriptions.Item label={t('push.fields.targeted')}>{n(data.targeted)}</Descriptions.Item>
            <Descriptions.Item label={t('push.fields.skipped')}>{n(data.skipped)}</Descriptions.Item>
            <Descriptions.Item label={t('push.fields.sent')}>{n(data.sent)}</Descriptions.Item>
            <Descriptions.Item label={t('push.fields.failed')}>{n(data.failed)}</Descriptions.Item>
            <Descriptions.Item label={t('push.fields.opened')}>
              <Ltr>
                {n(data.opened)} ({openRate(data, locale)})
              </Ltr>
            </Descriptions.Item>
          </Descriptions>
          {data.byPlatform.length > 0 ? (
            <Table
              size="small"
              rowKey="platform"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.byPlatform}
              columns={[
                { key: 'platform', title: t('push.fields.platform'), dataIndex: 'platform' },
                { key: 'targeted', title: t('push.fields.targeted'), dataIndex: 'targeted', render: n },
                { key: 'sent', title: t('push.fields.sent'), dataIndex: 'sent', render: n },
                { key: 'failed', title: t('push.fields.failed'), dataIndex: 'failed', render: n },
                { key: 'opened', title: t('push.fields.opened'), dataIndex: 'opened', render: n },
              ]}
            />
          ) : null}
          <VariantResults detail={data} />
          <DeliveryFunnel detail={data} />
          {data.failures.length > 0 ? (
            <>
              <Typography.Title level={5}>{t('push.detail.failures')}</Typography.Title>
              <Table
                size="small"
                rowKey="reason"
                pagination={false}
                dataSource={data.failures}
                columns={[
                  { key: 'reason', title: t('push.detail.reason'), dataIndex: 'reason' },
                  { key: 'count', title: t('push.detail.count'), dataIndex: 'count', render: n },
                ]}
              />
            </>
          ) : null}
          {cancelable ? (
            <Button danger onClick={askCancel} loading={cancel.isPending}>
              {t('push.cancel.submit')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Drawer>
  );
};
