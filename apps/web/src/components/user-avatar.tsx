import type { User } from '@pult/contract';
import { Avatar, type AvatarProps } from 'antd';
import { initialsOf } from '../lib/person-name';
import { useStoredFileUrl } from '../lib/resources/stored-file-url';

type Props = { user: Pick<User, 'avatar' | 'email' | 'firstName' | 'lastName'> } & Pick<AvatarProps, 'size'>;

/** The user's picture (relative paths resolved against the server's files base), or their initials. */
export const UserAvatar = ({ user, size }: Props) => (
  <Avatar src={useStoredFileUrl(user.avatar)} size={size} alt="" className="user-avatar">
    {initialsOf(user)}
  </Avatar>
);
