import type { ReminderStatus } from '@pult/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ReminderStatus, string> = {
  scheduled: 'blue',
  sending: 'processing',
  sent: 'success',
  canceled: 'default',
  failed: 'error',
};

export const ReminderStatusTag = ({ status }: { status: ReminderStatus }) => {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`push.status.${status}`)}</Tag>;
};
