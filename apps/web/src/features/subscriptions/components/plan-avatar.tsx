import { CrownOutlined } from '@ant-design/icons';
import type { Plan } from '@pult/contract';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStoredFileUrl } from '../../../lib/resources/stored-file-url';

interface Props {
  plan: Pick<Plan, 'icon' | 'title'>;
  size?: number;
  /** A picked file not uploaded yet (object URL), shown instead of the saved icon. */
  previewUrl?: string;
}

/** The plan's icon, or a crown when it has none. */
export const PlanAvatar = ({ plan, size = 48, previewUrl }: Props) => {
  const { t } = useTranslation();
  const storedUrl = useStoredFileUrl(plan.icon);
  const src = previewUrl ?? storedUrl;
  return (
    <Avatar
      shape="square"
      size={size}
      src={src ? <img src={src} alt={t('subscriptions.plans.iconAlt', { title: plan.title })} /> : undefined}
      icon={src ? undefined : <CrownOutlined aria-hidden />}
      className="plan-avatar"
    />
  );
};
