import type { UserWhere } from '@pult/contract';
import { usersEndpoints } from '@pult/contract/endpoints/users';
import { type DownloadProgress, download } from '../../../lib/api';
import { whereParam } from '../list-params';

/**
 * The CSV of the current filter, read chunk by chunk so the button can show progress; a plain link
 * could not send the `Api-Token` header.
 */
export const exportUsers = (where: UserWhere, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal) =>
  download(usersEndpoints.exportData, { query: { where: whereParam(where) } }, onProgress, {
    signal,
    fileName: `users-${new Date().toISOString().slice(0, 10)}.csv`,
  });
