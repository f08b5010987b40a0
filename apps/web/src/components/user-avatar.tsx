import type { User } from '@pult/contract';
import { initialsOf } from '../lib/person-name';
import { useStoredFileUrl } from '../lib/resources/stored-file-url';

type Props = { user: Pick<User, 'avatar' | 'email' | 'firstName' | 'lastName'>; size?: number };

/** antd's Avatar's text sizes: 12 px up to its small size, 14 px up to 40 px, then half the circle. */
const fontSizeOf = (size: number) => (size <= 24 ? 12 : size <= 40 ? 14 : Math.round(size / 2));

/**
 * The user's picture (relative paths resolved against the server's files base), or their initials, in a
 * circle as antd's Avatar draws it. Plain elements (`.user-avatar` in styles.css): antd's Avatar brought its
 * avatar group, Popover and tooltip engine to every users list row's first load (issue 37, decision 0022).
 */
export const UserAvatar = ({ user, size = 32 }: Props) => {
  const src = useStoredFileUrl(user.avatar);
  return (
    <span className="user-avatar" style={{ width: size, height: size, fontSize: fontSizeOf(size) }}>
      {src ? <img src={src} alt="" /> : initialsOf(user)}
    </span>
  );
};
