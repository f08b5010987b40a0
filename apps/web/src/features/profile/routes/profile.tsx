import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UserAvatar } from '../../../components/user-avatar';
import { statusTagColor } from '../../../config/status-colors';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate, formatDateTime } from '../../../lib/format';
import { displayName } from '../../../lib/person-name';
import { type StoredSession, useSession } from '../../../lib/session-store';
import { useProfile } from '../api/get-profile';
import { AccountCard } from '../components/account-card';
import { PasskeysCard } from '../components/passkeys-card';
import { SecurityCard } from '../components/security-card';
import { SessionsCard } from '../components/sessions-card';

const ROLE_COLORS = { admin: 'geekblue', editor: 'green', user: 'default' } as const;

const subscriptionText = (user: StoredSession, t: TFunction, locale: LocaleId) => {
  const register = user.register;
  if (!register) return t('profile.noSubscription');
  const values = { plan: register.planTitle, status: t(`subscriptionStatus.${register.status}`) };
  return register.expiresAt
    ? t('profile.subscriptionUntil', { ...values, date: formatDate(register.expiresAt, locale) })
    : t('profile.subscriptionOpen', values);
};

/**
 * `/app/profile`: the signed-in user, as the last session check returned them; their language and
 * password, their second factor and their sessions.
 */
export const ProfilePage = () => {
  const { t, i18n } = useTranslation();
  // The stored user shows at once; the fresh copy replaces it (and a revoked session ends here).
  useProfile();
  const user = useSession();
  if (!user) return null;
  const locale = i18n.language as LocaleId;
  const notSet = <Typography.Text type="secondary">{t('profile.notSet')}</Typography.Text>;

  return (
    <>
      <PageTitle>{t('profile.title')}</PageTitle>
      <Card>
        <Flex gap="large" align="center" wrap className="profile-head">
          <UserAvatar user={user} size={72} />
          <div>
            <Typography.Title level={4} className="profile-name">
              {displayName(user)}
            </Typography.Title>
            <Flex gap="small" wrap>
              <Tag color={ROLE_COLORS[user.role]}>{t(`roles.${user.role}`)}</Tag>
              <Tag color={statusTagColor('user', user.status)}>{t(`userStatus.${user.status}`)}</Tag>
            </Flex>
          </div>
        </Flex>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="middle"
          items={[
            { key: 'email', label: t('profile.email'), children: user.email },
            { key: 'phone', label: t('profile.phone'), children: user.phoneNumber ?? notSet },
            { key: 'role', label: t('profile.role'), children: t(`roles.${user.role}`) },
            { key: 'status', label: t('profile.status'), children: t(`userStatus.${user.status}`) },
            { key: 'createdAt', label: t('profile.createdAt'), children: formatDateTime(user.createdAt, locale) },
            {
              key: 'lastSeenAt',
              label: t('profile.lastSeenAt'),
              children: user.lastSeenAt ? formatDateTime(user.lastSeenAt, locale) : notSet,
            },
            {
              key: 'subscription',
              label: t('profile.subscription'),
              children: subscriptionText(user, t, locale),
              span: 'filled',
            },
          ]}
        />
      </Card>
      <AccountCard />
      <SecurityCard />
      <PasskeysCard />
      <SessionsCard />
    </>
  );
};
