import type { ServiceContext } from '../lib/service-context';

/**
 * The absolute URL of a stored file: object storage already has one; local files are served under
 * `/files` of this installation, made absolute with PUBLIC_URL (the planner app, share cards and the
 * icon upload's answer need it in full).
 */
export function storedFileUrl(ctx: Pick<ServiceContext, 'storage' | 'deps'>, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const filesBaseUrl = ctx.storage.publicBaseUrl;
  const base = /^https?:\/\//i.test(filesBaseUrl) ? filesBaseUrl : `${ctx.deps.urls.public}${filesBaseUrl}`;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
