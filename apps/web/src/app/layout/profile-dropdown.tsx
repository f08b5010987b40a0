import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Dropdown, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Ltr } from '../../components/ltr';
import { UserAvatar } from '../../components/user-avatar';
import { PROFILE_PATH, SETTINGS_PATH } from '../../config/app-config';
import { signOut } from '../../features/auth';
import type { StoredSession } from '../../lib/session-store';

/** Avatar, e-mail and phone opening the profile menu; every item leads somewhere real. */
export const ProfileDropdown = ({ user, compact }: { user: StoredSession; compact: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signingOut = useMutation({ mutationFn: signOut });

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('profileMenu.profile') },
          { key: 'settings', icon: <SettingOutlined />, label: t('profileMenu.settings') },
          { type: 'divider' },
          {
            key: 'sign-out',
            icon: <LogoutOutlined />,
            label: t('profileMenu.signOut'),
            danger: true,
            disabled: signingOut.isPending,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate(PROFILE_PATH);
          else if (key === 'settings') navigate(SETTINGS_PATH);
          else signingOut.mutate();
        },
      }}
    >
      {/* Named by its content, so the name holds what the button shows (WCAG 2.5.3, label in name):
          «Меню профиля admin@… +7…»; the initials in the avatar add nothing to it. */}
      <button type="button" className="profile-trigger">
        <span className="sr-only">{t('header.profileMenu')} </span>
        <span aria-hidden className="profile-trigger-avatar">
          <UserAvatar user={user} />
        </span>
        {compact ? null : (
          <Flex vertical className="profile-trigger-text">
            <Typography.Text strong ellipsis>
              <Ltr>{user.email}</Ltr>
            </Typography.Text>
            {user.phoneNumber ? (
              <Typography.Text type="secondary" className="profile-trigger-phone">
                <Ltr>{user.phoneNumber}</Ltr>
              </Typography.Text>
            ) : null}
          </Flex>
        )}
      </button>
    </Dropdown>
  );
};
