import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { type ThemeImageKind, useUploadThemeImage } from '../api/upload-theme-image';
import { themeImageUrl } from '../lib/theme-image-url';

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

interface Props {
  seriesId: number;
  kind: ThemeImageKind;
  path: string | null;
  filesBaseUrl: string | undefined;
}

/** One theme image: its preview and an upload that replaces it at once (PNG, JPEG, WebP ≤ 10 MB). */
export const ThemeImageField = ({ seriesId, kind, path, filesBaseUrl }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadThemeImage(seriesId);
  const url = themeImageUrl(filesBaseUrl, path);
  const label = t(`promoCodes.theme.images.${kind}`);

  const send = (file: File) => {
    // The server checks again by content; this only spares a pointless upload.
    if (!TYPES.includes(file.type)) return message.error(t('promoCodes.theme.imageType'));
    if (file.size > MAX_BYTES) return message.error(t('promoCodes.theme.imageSize'));
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => message.success(t('promoCodes.theme.imageDone', { kind: label })),
        onError: (error) => {
          const status = isApiError(error) ? error.status : 0;
          message.error(
            t(
              status === 413
                ? 'promoCodes.theme.imageSize'
                : status === 415
                  ? 'promoCodes.theme.imageType'
                  : 'promoCodes.theme.imageFailed',
            ),
          );
        },
      },
    );
  };

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
      </Flex>
    </Flex>
  );
};
