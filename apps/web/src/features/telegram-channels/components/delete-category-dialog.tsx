import type { TgCategory } from '@pult/contract';
import { Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  category: TgCategory | null;
  channelsCount: number;
  others: TgCategory[];
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (moveTo: number | undefined) => void;
}

/** Confirms a category's deletion; one with channels asks where they go (the server refuses otherwise). */
export const DeleteCategoryDialog = ({ category, channelsCount, others, deleting, onCancel, onConfirm }: Props) => {
  const { t } = useTranslation();
  const [moveTo, setMoveTo] = useState<number | undefined>(others[0]?.id);
  const needsTarget = channelsCount > 0;
  return (
    <Modal
      open={category !== null}
      title={category ? t('telegram.board.deleteCategory', { title: category.title }) : null}
      okText={t('telegram.delete')}
      cancelText={t('telegram.cancel')}
      okButtonProps={{ danger: true, disabled: needsTarget && moveTo === undefined, loading: deleting }}
      onCancel={onCancel}
      onOk={() => onConfirm(needsTarget ? moveTo : undefined)}
      destroyOnHidden
    >
      {needsTarget ? (
        <Form layout="vertical">
          <Typography.Paragraph>{t('telegram.board.deleteMove', { count: channelsCount })}</Typography.Paragraph>
          <Form.Item label={t('telegram.board.moveTo')}>
            <Select
              value={moveTo}
              onChange={setMoveTo}
              // A board may hold dozens of categories: the target is found by typing part of its name.
              showSearch={{ optionFilterProp: 'label' }}
              options={others.map((other) => ({ value: other.id, label: other.title }))}
              aria-label={t('telegram.board.moveTo')}
            />
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph>{t('telegram.board.deleteEmpty')}</Typography.Paragraph>
      )}
    </Modal>
  );
};
