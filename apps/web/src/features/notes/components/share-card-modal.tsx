import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { useShareCard } from '../api/notes-queries';

interface Props {
  noteId: number;
  updatedAt: string;
  open: boolean;
  onClose: () => void;
}

/** The note's 1080×1080 share card: a preview, a download and its link. */
export const ShareCardModal = ({ noteId, updatedAt, open, onClose }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const card = useShareCard(noteId, open, updatedAt);
  const url = card.data?.url;

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('notes.card.title')} width={560} destroyOnHidden>
      {card.isError ? <Alert type="error" showIcon title={describeError(card.error, t)} /> : null}
      {url ? (
        <Flex vertical gap="middle">
          <img src={url} alt={t('notes.card.alt')} className="note-card-preview" width={512} height={512} />
          <Flex gap="small" wrap>
            <Button icon={<DownloadOutlined />} href={url} download={`note-${noteId}.png`} target="_blank">
              {t('notes.card.download')}
            </Button>
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                copyText(url).then(
                  () => message.success(t('notes.card.copied')),
                  () => message.error(t('notes.card.copyFailed')),
                )
              }
            >
              {t('notes.card.copy')}
            </Button>
          </Flex>
        </Flex>
      ) : card.isError ? null : (
        <div className="note-card-skeleton">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      )}
    </Modal>
  );
};
