/**
 * A plan icon is a full URL or a path relative to the installation's files base (`GET /api/config`).
 * A path that climbs out of the base is not shown.
 */
export const planIconUrl = (icon: string | null | undefined, filesBaseUrl: string | undefined): string | undefined => {
  if (!icon) return undefined;
  if (/^https?:\/\//i.test(icon)) return icon;
  if (filesBaseUrl === undefined) return undefined;
  const path = icon.replace(/^\/+/, '');
  if (path.split('/').includes('..')) return undefined;
  return `${filesBaseUrl.replace(/\/+$/, '')}/${path}`;
};
