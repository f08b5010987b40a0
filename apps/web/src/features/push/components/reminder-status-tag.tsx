import type { ReminderStatus } from '@pult/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';

export const ReminderStatusTag = ({ status }: { status: ReminderStatus }) => {
  const { t } = useTranslation();
  return <Tag color={statusTagColor('reminder', status)}>{t(`push.status.${status}`)}</Tag>;
};
