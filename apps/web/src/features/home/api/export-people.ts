import type { Locale, PeopleFigure } from '@pult/contract';
import { dashboardEndpoints } from '@pult/contract/endpoints/dashboard';
import { download, saveBlob } from '../../../lib/api';

/** The CSV of one figure's rows (all of them, not the page on screen), saved as a download. */
export async function downloadPeople(query: {
  figure: PeopleFigure;
  from: string;
  to: string;
  seriesId?: number;
  reason?: string;
  lang: Locale;
}) {
  const { blob, fileName } = await download(dashboardEndpoints.peopleExport, { query }, () => undefined, {
    fileName: `people-${query.figure}.csv`,
  });
  saveBlob(blob, fileName);
}
