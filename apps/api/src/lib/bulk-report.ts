import type { BulkOutcome, ErrorCode } from '@pult/contract';

/** One row's outcome in a bulk action's report. */
export interface BulkRow<K> {
  id: K;
  outcome: BulkOutcome;
  code?: ErrorCode;
}

/** The report every bulk endpoint answers: each row, and how many ended each way. */
export function bulkReport<K>(results: BulkRow<K>[], dryRun: boolean) {
  const summary = { done: 0, unchanged: 0, refused: 0, notFound: 0 };
  for (const row of results) {
    if (row.outcome === 'not_found') summary.notFound += 1;
    else summary[row.outcome] += 1;
  }
  return { dryRun, results, summary };
}
