import type { JobProgress } from '@pult/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promoSeries } from '../../../db/schema';

/** A generation's progress is its series' counter: codes stored of the codes asked for. */
export async function generationProgress(db: Db, seriesIds: readonly number[]): Promise<Map<number, JobProgress>> {
  const rows = await db
    .select({ id: promoSeries.id, generated: promoSeries.generated, codesCount: promoSeries.codesCount })
    .from(promoSeries)
    .where(inArray(promoSeries.id, [...seriesIds]));
  return new Map(rows.map((row) => [row.id, { done: row.generated, total: row.codesCount }]));
}

/**
 * An admin canceled the generation: the series keeps the codes made so far and says its generation
 * stopped (failed, with the reason), so its page no longer waits for codes that will not come.
 */
export async function stopGeneration(db: Db, seriesId: number): Promise<void> {
  await db
    .update(promoSeries)
    .set({ generationStatus: 'failed', generationError: 'Generation canceled by an admin' })
    .where(and(eq(promoSeries.id, seriesId), inArray(promoSeries.generationStatus, ['pending', 'running'])));
}
