import { PROMO_ALPHABET } from '@pult/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { promoSeries } from '../../db/schema';
import type { JobHandler, JobOutcome } from '../jobs';
import { randomCodes } from './code-generator';

const BATCH = 20_000;
/** Batches in a row that add no new code: the code space (for this prefix and length) is used up. */
const MAX_FRUITLESS_BATCHES = 5;

export const PROMO_GENERATION_JOB = 'promo-generation';

/**
 * Generates a series' promo codes as a job (see the jobs module), in batches, each batch and its
 * progress counter in one transaction — so `generated` always equals the codes stored, and a crash
 * loses at most one batch of work. A resumed job recounts the stored codes and goes on from there.
 */
export function promoGenerationHandler(db: Db, log: FastifyBaseLogger): JobHandler {
  return async (job, control): Promise<JobOutcome> => {
    const [series] = await db.select().from(promoSeries).where(eq(promoSeries.id, job.subjectId));
    if (!series || series.generationStatus === 'done' || series.generationStatus === 'failed')
      return { status: 'done' };
    if (series.generationStatus === 'pending')
      await db.update(promoSeries).set({ generationStatus: 'running' }).where(eq(promoSeries.id, series.id));
    // Trust the codes, not the counter, when resuming: recount what this series really has.
    const [stored] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from promo_codes where series_id = ${series.id}`,
    );
    let generated = Number(stored?.n ?? 0);
    let fruitless = 0;
    // Draw exactly what is missing while clashes are rare; once a batch loses codes to clashes, draw
    // more than needed, and more still as they grow (a nearly full code space), so the last free codes
    // are found instead of missed batch after batch.
    let oversample = 1;
    const space = PROMO_ALPHABET.length ** series.codeLength;
    while (generated < series.codesCount && !control.stopping()) {
      const want = Math.min(BATCH, series.codesCount - generated);
      // Sparse until a batch loses codes to clashes; from then on, oversample and pre-check.
      const sparse = oversample === 1;
      const draw = sparse ? want : Math.min(space, Math.ceil(want * oversample) + 64);
      // One text parameter, split in SQL: codes hold only [A-Z0-9-], and a single parameter keeps the
      // statement the same size whatever the batch (a JS array would become one parameter per code).
      const codes = randomCodes(series.prefix, series.codeLength, draw);
      const added = await db.transaction(async (tx) => {
        const [row] = await queryRows<{ n: number }>(
          tx,
          sparse
            ? // Sparse code space: exactly `want` candidates, and the unique index drops the rare clash.
              sql`with added as (
                insert into promo_codes (value, series_id)
                select unnest(string_to_array(${codes.join(',')}, ',')), ${series.id}
                on conflict (value) do nothing
                returning 1)
              select count(*)::int as n from added`
            : // Crowded: more candidates than needed, skip the taken ones, keep no more than `want`.
              sql`with added as (
                insert into promo_codes (value, series_id)
                select candidate, ${series.id}
                from unnest(string_to_array(${codes.join(',')}, ',')) as candidate
                where not exists (select 1 from promo_codes taken where taken.value = candidate)
                limit ${want}
                on conflict (value) do nothing
                returning 1)
              select count(*)::int as n from added`,
        );
        const n = Number(row?.n ?? 0);
        await tx
          .update(promoSeries)
          .set({ generated: generated + n })
          .where(eq(promoSeries.id, series.id));
        return n;
      });
      generated += added;
      fruitless = added === 0 ? fruitless + 1 : 0;
      if (added < want) oversample = Math.min(Math.max(oversample, 1.05) * 4, space);
      if (fruitless >= MAX_FRUITLESS_BATCHES) {
        await db
          .update(promoSeries)
          .set({
            generationStatus: 'failed',
            generationError: `Code space exhausted: only ${generated} unique codes of this length and prefix were free`,
          })
          .where(eq(promoSeries.id, series.id));
        log.warn({ seriesId: series.id, generated }, 'promo generation failed: code space exhausted');
        return { status: 'done' };
      }
      // A lost lease (another process took over after a stall) ends this run without a word more.
      if (!(await control.renew())) return { status: 'done' };
    }
    // Stopped between batches: hand the rest back to the queue, to resume on the next start.
    if (generated < series.codesCount) return { status: 'later' };
    await db.update(promoSeries).set({ generationStatus: 'done' }).where(eq(promoSeries.id, series.id));
    return { status: 'done' };
  };
}
