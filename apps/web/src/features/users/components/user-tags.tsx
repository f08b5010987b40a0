import type { Role, User, UserStatus } from '@pult/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from '../../../config/status-colors';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate } from '../../../lib/format';

const ROLE_COLORS: Record<Role, string> = { admin: 'geekblue', editor: 'green', user: 'default' };

export const RoleTag = ({ role }: { role: Role }) => {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLORS[role]} variant="filled">
      {t(`roles.${role}`)}
    </Tag>
  );
};

export const StatusTag = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation();
  return <Tag color={statusTagColor('user', status)}>{t(`userStatus.${status}`)}</Tag>;
};

/**
 * The current subscription from `register`: plan, status and until when. `oneLine` (the list at compact
 * density): the plan, and the status only when it is not active; until when is in the cell's title and
 * on the user's page, so a row stays one line tall.
 */
export const SubscriptionSummary = ({
  register,
  oneLine = false,
}: {
  register: User['register'];
  oneLine?: boolean;
}) => {
  const { t, i18n } = useTranslation();
  if (!register) return <span className="users-muted">{t('users.subscription.none')}</span>;
  const locale = i18n.language as LocaleId;
  const until = register.expiresAt
    ? t('users.subscription.until', { date: formatDate(register.expiresAt, locale) })
    : t('users.subscription.open');
  const status = (
    <Tag color={statusTagColor('subscription', register.status)}>{t(`subscriptionStatus.${register.status}`)}</Tag>
  );
  if (oneLine) {
    return (
      <span className="users-subscription-line" title={`${register.planTitle}, ${until}`}>
        <span className="users-plan-title">{register.planTitle}</span>
        {register.status === 'active' ? null : status}
      </span>
    );
  }
  return (
    <span className="users-subscription">
      <span className="users-subscription-plan">
        <span>{register.planTitle}</span>
        {status}
      </span>
      <span className="users-muted users-secondary">{until}</span>
    </span>
  );
};
