/**
 * What every generator hands to a loader: one table's rows as cells in column order.
 * Plans, subscriptions, transactions and promo codes plug in the same way as users do:
 * write a generator, wrap it in a SeedSource, and both loaders (COPY and INSERT) take it as is.
 */
export type Cell = string | number | boolean | Date | null;

export interface SeedSource {
  /** SQL table name. */
  table: string;
  /** SQL column names, in the order of each row's cells. */
  columns: readonly string[];
  /** How many rows `rows` yields, for the progress bar. */
  total: number;
  rows: Iterable<readonly Cell[]>;
}
