import type { promoCodeStatus } from '@pult/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';

export const CodeStatusTag = ({ status }: { status: (typeof promoCodeStatus)['options'][number] }) => {
  const { t } = useTranslation();
  return <Tag color={statusTagColor('promoCode', status)}>{t(`promoCodes.codeStatus.${status}`)}</Tag>;
};
