import { queryOptions, useQuery } from '@tanstack/react-query';
import { FILES_BASE_URL } from '../config/app-config';
import { apiClient } from './api-client';

const isFullUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * An avatar is either a full URL (object storage, product.md §2), used as it is, or a path relative
 * to the installation's files base (`GET /api/config` → `filesBaseUrl`); a path must not be able to
 * climb out of it.
 */
export const avatarUrl = (avatar: string | null | undefined, filesBaseUrl = FILES_BASE_URL): string | undefined => {
  if (!avatar) return undefined;
  if (isFullUrl(avatar)) return avatar;
  const path = avatar.replace(/^\/+/, '').replace(/^files\//, '');
  if (path.split('/').includes('..')) return undefined;
  return `${filesBaseUrl.replace(/\/+$/, '')}/${path}`;
};

interface PublicConfig {
  filesBaseUrl: string;
}

/** The public installation settings; they change only with a redeploy, so they are read once. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => apiClient.request<PublicConfig>('/config', { auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * `avatarUrl` with the server's files base. A relative path waits for the config (the initials show
 * meanwhile) rather than guess a base that is wrong on an object-storage installation.
 */
export const useAvatarUrl = (avatar: string | null | undefined): string | undefined => {
  const relative = Boolean(avatar) && !isFullUrl(avatar ?? '');
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: relative });
  if (!relative) return avatarUrl(avatar);
  return config.data ? avatarUrl(avatar, config.data.filesBaseUrl) : undefined;
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
