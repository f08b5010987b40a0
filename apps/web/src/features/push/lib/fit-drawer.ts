/** A drawer as wide as wanted, but never wider than the window (phones at 390 px). */
export const fitDrawer = (wanted: number) =>
  typeof window === 'undefined' ? wanted : Math.min(wanted, window.innerWidth);
