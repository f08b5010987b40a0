import type { ConsentRecord } from '@pult/contract';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { useUserConsents } from '../api/agreements-queries';

/** On the user page: which document versions this user accepted, when, and from where. */
export const UserConsentsCard = ({ userId }: { userId: number }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const consents = useUserConsents(userId);
  return (
    <Card className="user-card" title={t('agreements.consents.title')} data-testid="user-consents">
      <Table<ConsentRecord>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        loading={consents.isPending}
        dataSource={consents.data?.items ?? []}
        scroll={{ x: 600 }}
        locale={{
          emptyText: consents.error ? describeError(consents.error, t) : t('agreements.consents.none'),
        }}
        columns={[
          {
            key: 'type',
            title: t('agreements.consents.document'),
            render: (_, row) => t(`agreements.types.${row.type}`),
          },
          { key: 'version', title: t('agreements.fields.version'), render: (_, row) => <Tag>v{row.version}</Tag> },
          {
            key: 'acceptedAt',
            title: t('agreements.consents.acceptedAt'),
            render: (_, row) => formatDateTime(row.acceptedAt, locale),
          },
          { key: 'ip', title: 'IP', render: (_, row) => row.ip ?? '—' },
          { key: 'appVersion', title: t('agreements.consents.appVersion'), render: (_, row) => row.appVersion ?? '—' },
        ]}
      />
    </Card>
  );
};
