import type { JobStatus } from '@pult/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';

export const JobStateTag = ({ status }: { status: JobStatus }) => {
  const { t } = useTranslation();
  return <Tag color={statusTagColor('job', status)}>{t(`jobs.states.${status}`)}</Tag>;
};
