import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from './public-config';

const isFullUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * A stored file (avatar, plan icon, theme image) is either a full URL (object storage), used as it is, or a path relative to the installation's files base (`GET /api/config` →
 * `filesBaseUrl`). A path must not be able to climb out of that base.
 */
export const storedFileUrl = (
  path: string | null | undefined,
  filesBaseUrl: string | undefined,
): string | undefined => {
  if (!path) return undefined;
  if (isFullUrl(path)) return path;
  if (filesBaseUrl === undefined) return undefined;
  const relative = path.replace(/^\/+/, '').replace(/^files\//, '');
  if (relative.split('/').includes('..')) return undefined;
  return `${filesBaseUrl.replace(/\/+$/, '')}/${relative}`;
};

/**
 * `storedFileUrl` with the server's files base. A relative path waits for the config (a fallback
 * shows meanwhile) rather than guess a base that is wrong on an object-storage installation.
 */
export const useStoredFileUrl = (path: string | null | undefined): string | undefined => {
  const relative = Boolean(path) && !isFullUrl(path ?? '');
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: relative });
  return storedFileUrl(path, config.data?.filesBaseUrl);
};
