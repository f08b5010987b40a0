import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { new: 'blue', activated: 'green', blocked: 'red' } as const;

export const CodeStatusTag = ({ status }: { status: keyof typeof COLORS }) => {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`promoCodes.codeStatus.${status}`)}</Tag>;
};
