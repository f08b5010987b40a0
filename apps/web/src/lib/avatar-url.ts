import { FILES_BASE_URL } from '../config/app-config';

/**
 * An avatar is either a full URL (object storage, product.md §2) or a path relative to our
 * `/files` mount; a path must not be able to climb out of it.
 */
export const avatarUrl = (avatar: string | null | undefined): string | undefined => {
  if (!avatar) return undefined;
  if (/^https?:\/\//i.test(avatar)) return avatar;
  const path = avatar.replace(/^\/+/, '').replace(/^files\//, '');
  if (path.split('/').includes('..')) return undefined;
  return `${FILES_BASE_URL}/${path}`;
};

/** Up to two letters for the avatar fallback: initials of the name, else of the e-mail. */
export const initialsOf = (user: { firstName?: string | null; lastName?: string | null; email: string }): string => {
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return fromName || user.email.charAt(0).toUpperCase();
};

export const displayName = (user: { firstName?: string | null; lastName?: string | null; email: string }): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
