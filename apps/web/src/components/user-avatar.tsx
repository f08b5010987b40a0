import type { User } from '@pult/contract';
import { Avatar, type AvatarProps } from 'antd';
import { avatarUrl, initialsOf } from '../lib/avatar-url';

type Props = { user: Pick<User, 'avatar' | 'email' | 'firstName' | 'lastName'> } & Pick<AvatarProps, 'size'>;

/** The user's picture, or their initials when there is none or it fails to load. */
export const UserAvatar = ({ user, size }: Props) => (
  <Avatar src={avatarUrl(user.avatar)} size={size} alt="" className="user-avatar">
    {initialsOf(user)}
  </Avatar>
);
