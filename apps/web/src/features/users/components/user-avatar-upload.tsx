import { CameraOutlined } from '@ant-design/icons';
import type { User } from '@pult/contract';
import { Button, Flex, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { AVATAR_TYPES, useUploadAvatar } from '../api/upload-avatar';

interface Props {
  user: User;
  canEdit: boolean;
}

const SIZE = 112;

/** Said with the limit itself, more useful than the generic "file too large". */
const AVATAR_ERRORS = { FILE_TOO_LARGE: 'users.errors.avatarTooLarge' } as const;

/**
 * The avatar, and for admins an upload through the API client (the server checks type and size by
 * content and answers 413/415, shown as they come). The chosen file previews while it uploads.
 */
export const UserAvatarUpload = ({ user, canEdit }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  if (!canEdit) return <UserAvatar user={user} size={SIZE} />;

  return (
    <Flex vertical align="center" gap="small">
      {preview ? (
        <span className="user-avatar" style={{ width: SIZE, height: SIZE }}>
          <img src={preview} alt="" />
        </span>
      ) : (
        <UserAvatar user={user} size={SIZE} />
      )}
      <Upload
        className="user-avatar-upload"
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        customRequest={({ file, onSuccess, onError }) => {
          const blob = file as Blob;
          setError(null);
          setPreview(URL.createObjectURL(blob));
          upload.mutate(
            { id: user.id, file: blob },
            {
              onSuccess: (updated) => {
                message.success(t('users.avatar.done'));
                onSuccess?.(updated);
              },
              onError: (failure) => {
                setError(describeError(failure, t, AVATAR_ERRORS));
                onError?.(failure as Error);
              },
              onSettled: () => setPreview(null),
            },
          );
        }}
      >
        <Button icon={<CameraOutlined />} loading={upload.isPending}>
          {t('users.avatar.upload')}
        </Button>
      </Upload>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" className="users-secondary">
          {t('users.avatar.hint')}
        </Typography.Text>
      )}
    </Flex>
  );
};
