import { promoCodesEndpoints } from '@pult/contract/endpoints/promo-codes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadProgress, download, saveBlob } from '../../../lib/api';
import { pollOptions } from '../../../lib/poll-options';
import { type ActivatedFilters, buildActivatedQuery } from '../lib/activated-query';
import { promoKeys } from './keys';

export interface GeneratedCodesParams {
  id: number;
  take: number;
  page: number;
  /** The start of a code (with or without the series prefix); empty lists them all. */
  code: string;
}

/** While the series is still being generated (`live`) the page is asked again every 2 s: it keeps growing. */
export const useGeneratedCodes = ({ id, take, page, code }: GeneratedCodesParams, live: boolean) =>
  useQuery({
    queryKey: promoKeys.generated({ id, take, page, code }),
    queryFn: (context) =>
      api.promoCodes.generatedCodes(
        { params: { id }, query: { take, page, code: code || undefined } },
        pollOptions(context),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 2000 : false,
  });

export const useActivatedCodes = (id: number, filters: ActivatedFilters) =>
  useQuery({
    queryKey: promoKeys.activated({ id, ...filters }),
    queryFn: ({ signal }) =>
      api.promoCodes.activated({ params: { id }, query: buildActivatedQuery(filters) }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The code's row, the series counters and the generated list all change. */
export const useBlockCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { id: number; code: string }) => api.promoCodes.block({ params }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
};

/** The whole series as CSV, counted row by row for the progress bar, then saved. */
export const useDownloadCodesCsv = (id: number, onProgress: (progress: DownloadProgress) => void) =>
  useMutation({
    mutationFn: async () => {
      const file = await download(promoCodesEndpoints.generatedCodesCsv, { params: { id } }, onProgress, {
        fileName: `promo-codes-${id}.csv`,
      });
      saveBlob(file.blob, file.fileName);
    },
  });

/** «Block selected»: a dry run for the preview, then the real one; the per-code report comes back. */
export const blockCodes = (id: number, codes: string[], dryRun: boolean) =>
  api.promoCodes.blockMany({ params: { id }, body: { codes, dryRun } });
