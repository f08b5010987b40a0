import { DownloadOutlined } from '@ant-design/icons';
import type { UserConsent } from '@pult/contract';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { downloadConsentProof, useAdvertisingConsents } from '../api/user-consents';

/** On the user page: consent to advertising now, every record of it, and the proof as CSV. */
export const AdvertisingConsentsCard = ({ userId }: { userId: number }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { message } = useFeedback();
  const consents = useAdvertisingConsents(userId);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await downloadConsentProof(userId);
    } catch (error) {
      message.error(describeError(error, t));
    } finally {
      setSaving(false);
    }
  };
  const current = consents.data?.advertising;
  return (
    <Card
      className="user-card"
      title={t('push.consents.title')}
      data-testid="advertising-consents"
      extra={
        current === undefined ? null : (
          <Tag color={current ? 'green' : 'default'}>
            {t(current ? 'push.consents.given' : 'push.consents.notGiven')}
          </Tag>
        )
      }
      actions={[
        <Button key="csv" type="link" icon={<DownloadOutlined />} loading={saving} onClick={save}>
          {t('push.consents.download')}
        </Button>,
      ]}
    >
      <Table<UserConsent>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        loading={consents.isPending}
        dataSource={consents.data?.items ?? []}
        scroll={{ x: 600 }}
        locale={{ emptyText: consents.error ? describeError(consents.error, t) : t('push.consents.none') }}
        columns={[
          { key: 'at', title: t('push.consents.at'), render: (_, row) => formatDateTime(row.at, locale) },
          {
            key: 'granted',
            title: t('push.consents.answer'),
            render: (_, row) => t(row.granted ? 'push.consents.granted' : 'push.consents.withdrawn'),
          },
          { key: 'version', title: t('push.consents.version'), render: (_, row) => row.version ?? '—' },
          { key: 'ip', title: 'IP', render: (_, row) => row.ip ?? '—' },
          { key: 'appVersion', title: t('push.consents.appVersion'), render: (_, row) => row.appVersion ?? '—' },
        ]}
      />
    </Card>
  );
};
