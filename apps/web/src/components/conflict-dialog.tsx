import { Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { type FieldFormats, fieldValue } from '../lib/revision-values';
import { FocusReturn } from './focus-return';
import './revisions.css';

/** One field of the form: what the person typed, and what is saved now, as the form holds them. */
export interface ConflictField {
  name: string;
  label: string;
  mine: unknown;
  theirs: unknown;
}

interface Props {
  open: boolean;
  /** The fields where the saved record differs from what the person is about to save. */
  fields: ConflictField[];
  /** Who saved meanwhile, when the live stream told us. */
  changedBy?: string | null;
  /** How the form's fields read (money, periods, roles…), as in the record's history; by name of the form's field. */
  fieldValues?: FieldFormats;
  saving?: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onCancel(): void;
}

const NO_FORMATS: FieldFormats = {};

/**
 * A save refused because someone saved the record first (412): field by field, what the person wrote
 * and what is saved now, and the two ways on. Nothing is overwritten without the person choosing.
 */
export const ConflictDialog = ({
  open,
  fields,
  changedBy,
  fieldValues = NO_FORMATS,
  saving,
  onKeepMine,
  onTakeTheirs,
  onCancel,
}: Props) => {
  const { t, i18n } = useTranslation();
  const reader = { t, locale: i18n.language as LocaleId };
  const rows = fields.map((field) => ({
    ...field,
    mine: fieldValue(field.name, field.mine, fieldValues, reader),
    theirs: fieldValue(field.name, field.theirs, fieldValues, reader),
  }));
  return (
    <Modal
      open={open}
      title={t('versions.conflict.title')}
      onCancel={onCancel}
      width={760}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onCancel}>{t('versions.conflict.back')}</Button>
          <Button onClick={onTakeTheirs}>{t('versions.conflict.takeTheirs')}</Button>
          <Button type="primary" danger loading={saving} onClick={onKeepMine}>
            {t('versions.conflict.keepMine')}
          </Button>
        </Space>
      }
    >
      {/* The forms draw this dialog only while there is a conflict: it closes by being removed. */}
      <FocusReturn />
      <Typography.Paragraph>
        {changedBy ? t('versions.conflict.introBy', { name: changedBy }) : t('versions.conflict.intro')}
      </Typography.Paragraph>
      <Table<(typeof rows)[number]>
        size="small"
        rowKey="name"
        pagination={false}
        // No sideways scroll: the values wrap anywhere (revisions.css), so three columns fit a phone.
        dataSource={rows}
        columns={[
          { title: t('versions.field'), dataIndex: 'label', key: 'label' },
          {
            title: t('versions.conflict.mine'),
            dataIndex: 'mine',
            key: 'mine',
            render: (value: string) => <Clip text={value} />,
          },
          {
            title: t('versions.conflict.theirs'),
            dataIndex: 'theirs',
            key: 'theirs',
            render: (value: string) => <Clip text={value} />,
          },
        ]}
      />
    </Modal>
  );
};

/** A long value (a note's body) as its first lines; the whole of it on hover. */
const Clip = ({ text }: { text: string }) => (
  <Typography.Paragraph ellipsis={{ rows: 4, tooltip: text }} className="conflict-value">
    {text}
  </Typography.Paragraph>
);
