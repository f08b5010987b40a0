import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import type { SavedView } from '@pult/contract';
import { Button, Flex, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  views: SavedView[];
  onClose: () => void;
  onApply: (view: SavedView) => void;
  onEdit: (view: SavedView) => void;
  onRemember: (view: SavedView) => Promise<unknown>;
  onDelete: (view: SavedView) => Promise<unknown>;
}

/** The list's views with what the caller may do to each: anyone applies; the owner (or an admin, for a shared one) edits. */
export const ManageViewsModal = ({ open, views, onClose, onApply, onEdit, onRemember, onDelete }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('listViews.views.manageTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <ul className="list-views-rows" aria-label={t('listViews.views.manageTitle')}>
        {views.map((view) => (
          <li key={view.id} aria-label={view.name}>
            <Flex justify="space-between" align="center" gap="small" wrap>
              <Flex vertical>
                <Flex gap="small" align="center" wrap>
                  <Typography.Text strong>{view.name}</Typography.Text>
                  {view.shared ? <Tag>{t('listViews.views.shared')}</Tag> : null}
                </Flex>
                {view.shared ? (
                  <Typography.Text type="secondary">
                    {t('listViews.views.owner', { name: view.ownerName })}
                  </Typography.Text>
                ) : null}
              </Flex>
              <Flex gap="small" wrap>
                <Button size="small" onClick={() => onApply(view)}>
                  {t('listViews.views.apply')}
                </Button>
                {view.canEdit ? (
                  <>
                    <Button
                      size="small"
                      icon={<SaveOutlined aria-hidden />}
                      aria-label={t('listViews.views.update')}
                      title={t('listViews.views.update')}
                      onClick={() => void onRemember(view)}
                    />
                    <Button
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={t('listViews.views.rename')}
                      title={t('listViews.views.rename')}
                      onClick={() => onEdit(view)}
                    />
                    <Popconfirm
                      title={t('listViews.views.deleteConfirm', { name: view.name })}
                      okText={t('listViews.views.delete')}
                      cancelText={t('listViews.views.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => onDelete(view)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('listViews.views.delete')}
                        title={t('listViews.views.delete')}
                      />
                    </Popconfirm>
                  </>
                ) : (
                  <Typography.Text type="secondary">{t('listViews.views.readOnly')}</Typography.Text>
                )}
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
    </Modal>
  );
};
