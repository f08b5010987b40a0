import type { SavedView } from '@pult/contract';
import { Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/describe-error';
import { useFeedback } from '../../lib/feedback';
import { applyServerErrors } from '../../lib/form-errors';

export interface ViewFormValues {
  name: string;
  shared: boolean;
}

interface Props {
  /** The view being renamed, or null to save a new one. */
  view: SavedView | null;
  open: boolean;
  /** Admins may share a view with all staff; the server refuses it to anyone else. */
  canShare: boolean;
  onSubmit: (values: ViewFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** Save the current filters, sort and columns under a name, or rename a view (and share it, for admins). */
export const ViewFormModal = ({ view, open, canShare, onSubmit, onClose }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ViewFormValues>();

  const submit = async (values: ViewFormValues) => {
    try {
      await onSubmit({ name: values.name.trim(), shared: canShare ? values.shared : (view?.shared ?? false) });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(describeError(error, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t(view ? 'listViews.views.renameTitle' : 'listViews.views.saveTitle')}
      okText={t('listViews.views.ok')}
      cancelText={t('listViews.views.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit' }}
    >
      <Form<ViewFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: view?.name ?? '', shared: view?.shared ?? false }}
        onFinish={submit}
      >
        {view ? null : <Typography.Paragraph type="secondary">{t('listViews.views.saveHint')}</Typography.Paragraph>}
        <Form.Item
          name="name"
          label={t('listViews.views.name')}
          rules={[{ required: true, whitespace: true }, { max: 60 }]}
        >
          <Input autoFocus maxLength={60} />
        </Form.Item>
        {canShare ? (
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox>{t('listViews.views.shareLabel')}</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};
