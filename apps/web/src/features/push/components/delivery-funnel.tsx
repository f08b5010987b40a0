import type { DeviceProvider, ReminderDetail } from '@pult/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';

/** The push services' own names: brands, the same in every language. */
const PROVIDER_NAMES: Record<DeviceProvider, string> = {
  fcm: 'FCM',
  webpush: 'Web Push',
  rustore: 'RuStore',
  hms: 'Huawei Push Kit',
};

/**
 * The delivery funnel: targeted → skipped (by reason) → sent → failed → opened, a row per provider
 * the push's devices belong to, then why deliveries were skipped.
 */
export const DeliveryFunnel = ({ detail }: { detail: ReminderDetail }) => {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language as LocaleId);
  if (detail.byProvider.length === 0) return null;
  return (
    <section aria-labelledby="push-funnel-title" data-testid="delivery-funnel">
      <Typography.Title level={5} id="push-funnel-title">
        {t('push.funnel.title')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="provider"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={detail.byProvider}
        columns={[
          {
            key: 'provider',
            title: t('push.funnel.provider'),
            dataIndex: 'provider',
            render: (p: DeviceProvider) => PROVIDER_NAMES[p],
          },
          { key: 'targeted', title: t('push.fields.targeted'), dataIndex: 'targeted', render: n },
          { key: 'skipped', title: t('push.fields.skipped'), dataIndex: 'skipped', render: n },
          { key: 'sent', title: t('push.fields.sent'), dataIndex: 'sent', render: n },
          { key: 'failed', title: t('push.fields.failed'), dataIndex: 'failed', render: n },
          { key: 'opened', title: t('push.fields.opened'), dataIndex: 'opened', render: n },
        ]}
      />
      {detail.skippedBy.length > 0 ? (
        <Table
          size="small"
          rowKey="reason"
          pagination={false}
          style={{ marginTop: 16 }}
          data-testid="skipped-by"
          dataSource={detail.skippedBy}
          columns={[
            {
              key: 'reason',
              title: t('push.funnel.skipReason'),
              dataIndex: 'reason',
              render: (reason: string) => t(`push.skip.${reason}`),
            },
            { key: 'count', title: t('push.detail.count'), dataIndex: 'count', render: n },
          ]}
        />
      ) : null}
    </section>
  );
};
