import type { Locale, UserFilter } from '@pult/contract';
import { type DownloadProgress, download, endpointRef } from '../../../lib/api';

/**
 * The CSV of the current filter, read chunk by chunk so the button can show progress; a plain link
 * could not send the `Api-Token` header. Its header and words are in `lang`, the interface's language.
 */
export const exportUsers = (
  filter: UserFilter,
  lang: Locale,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
) =>
  download(endpointRef('users', 'exportData'), { query: { ...filter, lang } }, onProgress, {
    signal,
    // The server names the file by the day in the settings' time zone; this is only if it did not.
    fileName: 'users.csv',
  });
