import type { ErrorResponse } from '@pult/contract';
import { useMutation } from '@tanstack/react-query';
import { API_BASE_URL } from '../../../config/app-config';
import { ApiError, apiClient } from '../../../lib/api-client';

export interface CsvProgress {
  /** Code rows received so far (the header line not counted). */
  rows: number;
  bytes: number;
}

const NEWLINE = 10;

/**
 * Streams the whole series as CSV. A plain link cannot send the `Api-Token` header, so the file
 * is fetched here, counted line by line for the progress bar, and handed over as a Blob.
 */
export const downloadCodesCsv = async (
  id: number,
  onProgress: (progress: CsvProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> => {
  const token = await apiClient.accessToken();
  const response = await fetch(`${API_BASE_URL}/promo-codes/${id}/generated-codes?format=csv`, {
    headers: { 'Api-Token': token },
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorResponse | null;
    throw new ApiError(response.status, body);
  }
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    onProgress({ rows: Math.max(0, lines - 1), bytes });
  }
  return new Blob(chunks, { type: 'text/csv;charset=utf-8' });
};

export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

export const useDownloadCodesCsv = (id: number, onProgress: (progress: CsvProgress) => void) =>
  useMutation({
    mutationFn: async () => {
      const blob = await downloadCodesCsv(id, onProgress);
      saveBlob(blob, `promo-codes-${id}.csv`);
    },
  });
