import { UploadOutlined } from '@ant-design/icons';
import type { Note } from '@pult/contract';
import { Button, Flex, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { useStoredFileUrl } from '../../../lib/resources/stored-file-url';
import { useUploadCover } from '../api/notes-queries';

/** The cover image: uploaded at once (PNG, JPEG or WebP, checked by the server). */
export const CoverField = ({ note, disabled }: { note: Note; disabled: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const upload = useUploadCover();
  const src = useStoredFileUrl(note.coverImage);

  return (
    <Flex vertical gap="small">
      {src ? <img src={src} alt={t('notes.editor.cover')} className="note-cover" /> : null}
      <Upload
        accept="image/png,image/jpeg,image/webp"
        showUploadList={false}
        disabled={disabled || upload.isPending}
        customRequest={({ file }) =>
          upload.mutate(
            { id: note.id, file: file as Blob },
            {
              onSuccess: () => message.success(t('notes.editor.coverSaved')),
              onError: (error) => message.error(describeError(error, t)),
            },
          )
        }
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={disabled}>
          {note.coverImage ? t('notes.editor.replaceCover') : t('notes.editor.uploadCover')}
        </Button>
      </Upload>
    </Flex>
  );
};
