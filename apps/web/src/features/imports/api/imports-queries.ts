import type { ImportState } from '@pult/contract';
import { importsEndpoints } from '@pult/contract/endpoints/imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadProgress, download, saveBlob } from '../../../lib/api';
import { pollOptions } from '../../../lib/poll-options';
import { resourceKeys } from '../../../lib/resources/keys';
import type { ImportOptions } from '../lib/import-options';

export const importKeys = resourceKeys('imports');

/** While the job reads or writes, the wizard looks again this often. */
const FOLLOW_MS = 1_000;

const working = (state: ImportState | undefined) => state?.status === 'queued' || state?.status === 'running';

/** One import, followed until its job ends. */
export const useImport = (id: number | undefined) =>
  useQuery({
    queryKey: importKeys.one(id ?? 0),
    queryFn: (context) => api.imports.get({ params: { id: id ?? 0 } }, pollOptions(context)),
    enabled: id !== undefined,
    refetchInterval: (query) => (working(query.state.data) ? FOLLOW_MS : false),
  });

/** Sends the file with its options (a dry run or the import itself); answers the new import's id. */
export const useStartImport = () =>
  useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) =>
      api.imports.create({
        file,
        query: {
          kind: options.kind,
          seriesId: options.seriesId === undefined ? undefined : String(options.seriesId),
          dryRun: options.dryRun ? 'true' : 'false',
          onInvalid: options.onInvalid,
          onExisting: options.onExisting,
          encoding: options.encoding,
          mapping: options.mapping ? JSON.stringify(options.mapping) : undefined,
        },
      }),
  });

/** Removes what the import created; the import's view (and every list) is refreshed after. */
export const useUndoImport = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.imports.undo({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries(),
  });
};

/** The refused rows as the CSV the server writes (a plain link could not send the token). */
export const downloadErrors = async (id: number, onProgress: (progress: DownloadProgress) => void = () => {}) => {
  const { blob, fileName } = await download(importsEndpoints.errorsCsv, { params: { id } }, onProgress, {
    fileName: `import-${id}-errors.csv`,
  });
  saveBlob(blob, fileName);
};
