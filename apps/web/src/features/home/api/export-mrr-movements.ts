import type { Locale, MrrMovementKind } from '@pult/contract';
import { dashboardEndpoints } from '@pult/contract/endpoints/dashboard';
import { download, saveBlob } from '../../../lib/api';

/** The CSV of one figure's customers (every row, not the page on screen), saved as a download. */
export async function downloadMrrMovements(query: { kind: MrrMovementKind; from: string; to: string; lang: Locale }) {
  const { blob, fileName } = await download(dashboardEndpoints.mrrMovementsExport, { query }, () => undefined, {
    fileName: `mrr-${query.kind}.csv`,
  });
  saveBlob(blob, fileName);
}
