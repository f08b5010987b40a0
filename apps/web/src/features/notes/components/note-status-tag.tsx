import type { Note } from '@pult/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';

export const NoteStatusTag = ({ note }: { note: Pick<Note, 'status' | 'archivedAt'> }) => {
  const { t } = useTranslation();
  if (note.archivedAt) return <Tag>{t('notes.status.archived')}</Tag>;
  return <Tag color={statusTagColor('note', note.status)}>{t(`notes.status.${note.status}`)}</Tag>;
};
