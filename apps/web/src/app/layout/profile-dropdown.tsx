import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Ltr } from '../../components/ltr';
import { MenuButton } from '../../components/menu-button';
import { UserAvatar } from '../../components/user-avatar';
import { PROFILE_PATH, SETTINGS_PATH } from '../../config/app-config';
import { signOut } from '../../features/auth';
import type { StoredSession } from '../../lib/session-store';
import { LogoutIcon, SettingIcon, UserIcon } from './frame-icons';

/** Avatar, e-mail and phone opening the profile menu; every item leads somewhere real. */
export const ProfileDropdown = ({ user, compact }: { user: StoredSession; compact: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signingOut = useMutation({ mutationFn: signOut });

  return (
    <MenuButton
      className="profile-trigger"
      items={[
        { key: 'profile', icon: <UserIcon />, label: t('profileMenu.profile') },
        { key: 'settings', icon: <SettingIcon />, label: t('profileMenu.settings') },
        {
          key: 'sign-out',
          icon: <LogoutIcon />,
          label: t('profileMenu.signOut'),
          danger: true,
          disabled: signingOut.isPending,
          separated: true,
        },
      ]}
      onSelect={(key) => {
        if (key === 'profile') navigate(PROFILE_PATH);
        else if (key === 'settings') navigate(SETTINGS_PATH);
        else signingOut.mutate();
      }}
    >
      {/* Named by its content, so the name holds what the button shows (WCAG 2.5.3, label in name):
          «Меню профиля admin@… +7…»; the initials in the avatar add nothing to it. */}
      <span className="sr-only">{t('header.profileMenu')} </span>
      <span aria-hidden className="profile-trigger-avatar">
        <UserAvatar user={user} />
      </span>
      {compact ? null : (
        <span className="profile-trigger-text">
          <strong className="profile-trigger-email">
            <Ltr>{user.email}</Ltr>
          </strong>
          {user.phoneNumber ? (
            <span className="profile-trigger-phone">
              <Ltr>{user.phoneNumber}</Ltr>
            </span>
          ) : null}
        </span>
      )}
    </MenuButton>
  );
};
