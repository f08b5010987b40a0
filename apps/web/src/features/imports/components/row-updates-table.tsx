import type { ImportUpdate } from '@pult/contract';
import { Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A value as the person reads it: a blank as «пусто», a flag as «да» / «нет». */
const shown = (value: unknown, t: TFunction): string => {
  if (value === null || value === undefined || value === '') return t('imports.updates.empty');
  if (typeof value === 'boolean') return t(value ? 'imports.updates.yes' : 'imports.updates.no');
  return String(value);
};

/** The rows that update a record: row number and each field's value before and after; ten to a page. */
export const RowUpdatesTable = ({ updates, total }: { updates: ImportUpdate[]; total: number }) => {
  const { t } = useTranslation();
  return (
    <Table<ImportUpdate>
      size="small"
      className="imports-updates"
      rowKey="row"
      caption={t('imports.updates.caption', { shown: updates.length, n: total })}
      dataSource={updates}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('imports.updates.row'), width: 90 },
        {
          key: 'changes',
          title: t('imports.updates.changes'),
          render: (_, update) =>
            update.changes.map((change) => (
              <Typography.Paragraph key={change.field} className="imports-change">
                {t('imports.updates.change', {
                  field: t(`imports.fields.${change.field}`, { defaultValue: change.field }),
                  before: shown(change.before, t),
                  after: shown(change.after, t),
                })}
              </Typography.Paragraph>
            )),
        },
      ]}
    />
  );
};
