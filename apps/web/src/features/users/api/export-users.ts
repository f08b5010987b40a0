import type { ErrorResponse, UserWhere } from '@pult/contract';
import { API_BASE_URL } from '../../../config/app-config';
import { ApiError, apiClient, toQueryString } from '../../../lib/api-client';
import { whereParam } from '../list-params';

export interface ExportProgress {
  bytes: number;
  /** Data rows received so far (lines after the header). */
  rows: number;
}

const NEWLINE = 0x0a;

/**
 * Reads a response body to the end, reporting bytes and finished lines as they arrive, and returns
 * the whole thing as one Blob. Rows are counted by line ends: the server quotes the rare cell with a
 * line break inside, so the count may run a little ahead, which a progress display can live with.
 */
export const readWithProgress = async (
  body: ReadableStream<Uint8Array>,
  type: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<Blob> => {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(new Uint8Array(value));
    bytes += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    onProgress({ bytes, rows: Math.max(0, lines - 1) });
  }
  return new Blob(chunks, { type });
};

const fileNameOf = (disposition: string | null): string => {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? `users-${new Date().toISOString().slice(0, 10)}.csv`;
};

/**
 * `GET /users/export-data` is a stream a plain link cannot authenticate (it needs the `Api-Token`
 * header), so it is fetched with the client's current token and read chunk by chunk.
 */
export const exportUsers = async (
  where: UserWhere,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> => {
  const token = await apiClient.accessToken();
  const response = await fetch(`${API_BASE_URL}/users/export-data${toQueryString({ where: whereParam(where) })}`, {
    headers: { 'Api-Token': token, Accept: 'text/csv' },
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as ErrorResponse | null;
    throw new ApiError(response.status, body);
  }
  const type = response.headers.get('content-type') ?? 'text/csv;charset=utf-8';
  const blob = await readWithProgress(response.body, type, onProgress);
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
};

/** Hands a Blob to the browser as a download through a temporary link. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
