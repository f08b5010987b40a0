import type { PromoSeries } from '@pult/contract';

/** Whole percent of codes made, never 100 before the series is really done. */
export const generationPercent = (series: Pick<PromoSeries, 'generated' | 'codesCount' | 'generationStatus'>) => {
  if (series.generationStatus === 'done') return 100;
  if (series.codesCount <= 0) return 0;
  const percent = Math.floor((Math.min(series.generated, series.codesCount) / series.codesCount) * 100);
  return Math.max(0, Math.min(99, percent));
};

export const isGenerating = (series: Pick<PromoSeries, 'generationStatus'>) =>
  series.generationStatus === 'pending' || series.generationStatus === 'running';

/** How the code will look: the prefix and as many placeholder characters as the length. */
export const codeShape = (prefix: string | undefined, codeLength: number | undefined): string => {
  const length = Math.max(0, Math.min(32, Math.floor(codeLength ?? 0)));
  return `${(prefix ?? '').trim().toUpperCase()}${'X'.repeat(length)}`;
};

/** Percent of a download done; null when the total is unknown (streamed without a length). */
export const downloadPercent = (received: number, expected: number | null): number | null => {
  if (!expected || expected <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((received / expected) * 100)));
};
