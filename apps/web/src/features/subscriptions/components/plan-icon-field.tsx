import { UploadOutlined } from '@ant-design/icons';
import type { Plan } from '@pult/contract';
import type { UploadProps } from 'antd';
import { Button, Flex, Form, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanAvatar } from './plan-avatar';

interface Props {
  /** The saved plan, or a stand-in with the typed title while creating. */
  plan: Pick<Plan, 'icon' | 'title'>;
  /** A file picked before the plan exists; shown as a preview until it is uploaded. */
  pending: File | null;
  uploading: boolean;
  error: string | null;
  /** Called with the picked file; the drawer decides whether to upload now or after creating. */
  onPick: (file: File) => void;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/** The icon: a preview and a picker. The server checks type and size; its refusal shows here. */
export const PlanIconField = ({ plan, pending, uploading, error, onPick }: Props) => {
  const { t } = useTranslation();
  const [previewUrl, setPreviewUrl] = useState<string>();

  useEffect(() => {
    if (!pending) {
      setPreviewUrl(undefined);
      return;
    }
    const url = URL.createObjectURL(pending);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pending]);

  // The request goes through the api client (token, refresh, error shape), not antd's own XHR.
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    if (file instanceof File) onPick(file);
    onSuccess?.(null);
  };

  return (
    <Form.Item
      label={t('subscriptions.form.icon')}
      validateStatus={error ? 'error' : undefined}
      help={error ?? t('subscriptions.form.iconHint')}
    >
      <Flex gap="middle" className="plan-icon-field">
        <PlanAvatar plan={plan} size={64} previewUrl={previewUrl} />
        <Upload accept={ACCEPT} maxCount={1} showUploadList={false} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('subscriptions.form.iconPick')}
          </Button>
        </Upload>
        {pending && !error ? (
          <Typography.Text type="secondary" ellipsis className="plan-icon-name">
            {pending.name}
          </Typography.Text>
        ) : null}
      </Flex>
    </Form.Item>
  );
};
