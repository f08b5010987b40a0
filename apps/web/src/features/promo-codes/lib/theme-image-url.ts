/**
 * Theme images are stored as paths relative to the installation's files base (`/files` or an
 * object-storage host, `GET /api/config`); a full URL is used as it is.
 */
export const themeImageUrl = (filesBaseUrl: string | undefined, path: string | null | undefined): string | null => {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  if (filesBaseUrl === undefined) return null;
  const clean = path.replace(/^\/+/, '');
  if (clean.split('/').includes('..')) return null;
  return `${filesBaseUrl.replace(/\/+$/, '')}/${clean}`;
};
