import type { User } from '@pult/contract';
import { Avatar, type AvatarProps } from 'antd';
import { initialsOf, useAvatarUrl } from '../lib/avatar-url';

type Props = { user: Pick<User, 'avatar' | 'email' | 'firstName' | 'lastName'> } & Pick<AvatarProps, 'size'>;

/** The user's picture (relative paths resolved against the server's files base), or their initials. */
export const UserAvatar = ({ user, size }: Props) => (
  <Avatar src={useAvatarUrl(user.avatar)} size={size} alt="" className="user-avatar">
    {initialsOf(user)}
  </Avatar>
);
