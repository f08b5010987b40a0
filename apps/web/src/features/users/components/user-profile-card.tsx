import type { User } from '@pult/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime } from '../../../lib/format';
import { UserAvatarUpload } from './user-avatar-upload';
import { RoleTag, StatusTag } from './user-tags';

/** Who this is at a glance: picture, name, tags and the dates staff ask about. */
export const UserProfileCard = ({ user, canEdit }: { user: User; canEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  return (
    <Card className="user-card user-profile">
      <UserAvatarUpload user={user} canEdit={canEdit} />
      {/* The name is the page's heading; the card adds how to reach the person. */}
      <Typography.Paragraph className="user-profile-email" copyable={{ text: user.email }}>
        <Ltr>{user.email}</Ltr>
      </Typography.Paragraph>
      <Flex justify="center" gap={4} wrap className="user-profile-tags">
        <RoleTag role={user.role} />
        <StatusTag status={user.status} />
      </Flex>
      <Descriptions
        className="user-meta"
        column={1}
        size="small"
        items={[
          { key: 'id', label: t('users.page.id'), children: user.id },
          { key: 'createdAt', label: t('users.columns.createdAt'), children: formatDateTime(user.createdAt, locale) },
          {
            key: 'lastSeenAt',
            label: t('users.columns.lastSeenAt'),
            children: user.lastSeenAt ? formatDateTime(user.lastSeenAt, locale) : t('users.page.never'),
          },
        ]}
      />
    </Card>
  );
};
