import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import type { ThemeImageKind } from '@pult/contract';
import { App, Button, Flex, Popconfirm, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/describe-error';
import { storedFileUrl } from '../../../lib/resources/stored-file-url';
import { useRemoveThemeImage, useUploadThemeImage } from '../api/theme';

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** What the upload's refusals say; anything else is a plain "upload failed". */
const UPLOAD_ERRORS: Partial<Record<string, string>> = {
  FILE_TOO_LARGE: 'promoCodes.theme.imageSize',
  PAYLOAD_TOO_LARGE: 'promoCodes.theme.imageSize',
  FILE_TYPE_UNSUPPORTED: 'promoCodes.theme.imageType',
  UNSUPPORTED_MEDIA_TYPE: 'promoCodes.theme.imageType',
  // Someone changed the theme since this screen showed it (412): the screen now shows it as it is.
  STALE_VERSION: 'promoCodes.theme.imageStale',
};

interface Props {
  seriesId: number;
  kind: ThemeImageKind;
  path: string | null;
  filesBaseUrl: string | undefined;
  /** The form around has unsaved colour or text edits: the upload keeps them unsaved, and says so. */
  unsavedEdits: boolean;
}

/**
 * One theme image: its preview, an upload that replaces it at once (PNG, JPEG, WebP ≤ 10 MB), and
 * removal after a confirmation (the landing page then shows none). An upload saves the image alone:
 * colours and texts still being edited stay unsaved, and the message says so.
 */
export const ThemeImageField = ({ seriesId, kind, path, filesBaseUrl, unsavedEdits }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadThemeImage(seriesId);
  const remove = useRemoveThemeImage(seriesId);
  const url = storedFileUrl(path, filesBaseUrl);
  const label = t(`promoCodes.theme.images.${kind}`);

  const send = (file: File) => {
    // The server checks again by content; this only spares a pointless upload.
    if (!TYPES.includes(file.type)) return message.error(t('promoCodes.theme.imageType'));
    if (file.size > MAX_BYTES) return message.error(t('promoCodes.theme.imageSize'));
    upload.mutate(
      { kind, file },
      {
        onSuccess: () =>
          message.success(
            unsavedEdits
              ? t('promoCodes.theme.imageDoneDraftKept', { kind: label })
              : t('promoCodes.theme.imageDone', { kind: label }),
          ),
        onError: (error) => message.error(t(UPLOAD_ERRORS[errorCodeOf(error)] ?? 'promoCodes.theme.imageFailed')),
      },
    );
  };

  const confirmRemove = () =>
    remove.mutateAsync(kind, {
      onSuccess: () => message.success(t('promoCodes.theme.imageRemoved', { kind: label })),
      onError: (error) =>
        message.error(
          errorCodeOf(error) === 'STALE_VERSION'
            ? t('promoCodes.theme.removeStale')
            : t('promoCodes.theme.removeFailed'),
        ),
    });

  return (
    <Flex gap="middle" align="center" className="theme-image-field">
      <div className={`theme-image-thumb theme-image-${kind}`}>
        {url ? <img src={url} alt={label} /> : <PictureOutlined aria-hidden />}
      </div>
      <Flex vertical gap={4} className="theme-image-text">
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary" className="promo-progress-caption">
          {t(`promoCodes.theme.imageHints.${kind}`)}
        </Typography.Text>
        <Flex gap="small" wrap>
          <Upload
            accept={TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            customRequest={({ file }) => send(file as File)}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              loading={upload.isPending}
              aria-label={t('promoCodes.theme.upload', { kind: label })}
            >
              {url ? t('promoCodes.theme.replace') : t('promoCodes.theme.choose')}
            </Button>
          </Upload>
          {path && (
            <Popconfirm
              title={t('promoCodes.theme.removeConfirm', { kind: label })}
              okText={t('promoCodes.theme.remove')}
              cancelText={t('promoCodes.common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={confirmRemove}
            >
              <Button
                size="small"
                danger
                type="text"
                icon={<DeleteOutlined />}
                loading={remove.isPending}
                aria-label={t('promoCodes.theme.removeLabel', { kind: label })}
              >
                {t('promoCodes.theme.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
};
