import type { BulkUserAction, Locale } from '@pult/contract';
import { api, type DownloadProgress, download, endpointRef } from '../../../lib/api';

/** One bulk request: a dry run (the preview) or the real thing; the server's per-row report comes back. */
export const bulkManageUsers = (action: BulkUserAction, ids: number[], dryRun: boolean) =>
  api.users.bulk({ body: { action, ids, dryRun } });

/**
 * The chosen users as the same CSV as the filtered export, in `lang`; the ids go in the body, so 1000
 * of them fit. The server names the file.
 */
export const exportSelectedUsers = (ids: number[], lang: Locale, onProgress: (progress: DownloadProgress) => void) =>
  download(endpointRef('users', 'exportSelected'), { query: { lang }, body: { ids } }, onProgress, {
    fileName: 'users.csv',
  });
