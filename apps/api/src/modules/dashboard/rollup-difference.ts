/** One stored figure that differs from its recomputation over the raw rows (dashboard:check). */
export interface RollupDifference {
  metric: string;
  day: string;
  dim: string;
  stored: number;
  actual: number;
}
