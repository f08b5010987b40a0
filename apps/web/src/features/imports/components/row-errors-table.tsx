import type { ImportRowError } from '@pult/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** The refused rows: row number, column and reason, in the reader's language; ten to a page. */
export const RowErrorsTable = ({ errors, total }: { errors: ImportRowError[]; total: number }) => {
  const { t } = useTranslation();
  return (
    <Table<ImportRowError & { key: string }>
      size="small"
      className="imports-errors"
      caption={t('imports.errors.caption', { shown: errors.length, n: total })}
      dataSource={errors.map((error) => ({ ...error, key: `${error.row}-${error.field}` }))}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('imports.errors.row'), width: 90 },
        {
          key: 'field',
          dataIndex: 'field',
          title: t('imports.errors.field'),
          render: (field: string) => t(`imports.fields.${field}`, { defaultValue: field }),
        },
        {
          key: 'code',
          dataIndex: 'code',
          title: t('imports.errors.reason'),
          render: (code: string) => t(`imports.reasons.${code}`, { defaultValue: t('imports.reasons.invalid') }),
        },
      ]}
    />
  );
};
