import type { AgreementVersion } from '@pult/contract';
import { Card, Empty, Flex, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextDiff } from '../../../components/text-diff';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatNumber } from '../../../lib/format';

/** Two versions as one text, word by word (the shared word diff, docs/decisions/0047). */
const VersionDiff = ({ before, after }: { before: AgreementVersion; after: AgreementVersion }) => {
  const { t } = useTranslation();
  const text = (version: AgreementVersion) => `# ${version.title}\n\n${version.content}`;
  if (text(before) === text(after)) return <Empty description={t('agreements.history.identical')} />;
  return (
    <div className="agreement-diff">
      <TextDiff before={text(before)} after={text(after)} testId="agreement-diff" />
    </div>
  );
};

/** Every version with its acceptance count, and a diff between any two of them. */
export const HistoryCard = ({ versions, loading }: { versions: AgreementVersion[]; loading: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [from, setFrom] = useState<number>();
  const [to, setTo] = useState<number>();

  // By default compare the two newest versions.
  useEffect(() => {
    setTo(versions[0]?.version);
    setFrom(versions[1]?.version ?? versions[0]?.version);
  }, [versions]);

  const options = versions.map((version) => ({
    value: version.version,
    label: t('agreements.history.versionLabel', {
      version: version.version,
      date: formatDateTime(version.createdAt, locale),
    }),
  }));
  const before = versions.find((version) => version.version === from);
  const after = versions.find((version) => version.version === to);

  return (
    <Card title={t('agreements.history.title')}>
      <Table<AgreementVersion>
        rowKey="id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={versions}
        scroll={{ x: 600 }}
        columns={[
          { key: 'version', title: t('agreements.fields.version'), dataIndex: 'version', width: 90 },
          { key: 'title', title: t('agreements.fields.title'), dataIndex: 'title' },
          {
            key: 'createdAt',
            title: t('agreements.fields.createdAt'),
            render: (_, row) => formatDateTime(row.createdAt, locale),
          },
          {
            key: 'acceptedCount',
            title: t('agreements.fields.acceptedCount'),
            align: 'end',
            render: (_, row) => formatNumber(row.acceptedCount, locale),
          },
          {
            key: 'hash',
            title: t('agreements.fields.contentHash'),
            render: (_, row) => <Typography.Text code>{row.contentHash.slice(0, 12)}</Typography.Text>,
          },
        ]}
      />
      {versions.length > 1 ? (
        <>
          <Typography.Title level={5} className="agreement-diff-title">
            {t('agreements.history.compare')}
          </Typography.Title>
          <Flex gap="small" wrap align="center">
            <Select
              aria-label={t('agreements.history.from')}
              data-testid="diff-from"
              value={from}
              onChange={setFrom}
              options={options}
              className="agreement-version-select"
            />
            <span>→</span>
            <Select
              aria-label={t('agreements.history.to')}
              data-testid="diff-to"
              value={to}
              onChange={setTo}
              options={options}
              className="agreement-version-select"
            />
          </Flex>
          {before && after ? <VersionDiff before={before} after={after} /> : null}
        </>
      ) : null}
    </Card>
  );
};
