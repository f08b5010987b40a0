/**
 * The absolute URL of a stored file: object storage already has one; local files are served under
 * `/files` of this installation, which the planner app and the icon upload's answer need in full.
 */
export function storedFileUrl(publicUrl: string, filesBaseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = /^https?:\/\//i.test(filesBaseUrl) ? filesBaseUrl : `${publicUrl}${filesBaseUrl}`;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
