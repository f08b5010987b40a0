/**
 * Amounts travel in kopecks, whole numbers that add up exactly; people type roubles. Rounding to a whole kopeck
 * absorbs binary noise such as 19.99 * 100 = 1998.9999999999998.
 */
export const roublesToKopecks = (roubles: number): number => Math.round(roubles * 100);

export const kopecksToRoubles = (kopecks: number): number => kopecks / 100;

/** A rouble amount typed into a filter or a URL: a finite, non-negative number with at most two decimals. */
export const parseRoubles = (text: string | null | undefined): number | undefined => {
  if (text === null || text === undefined) return undefined;
  const normalised = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
};
