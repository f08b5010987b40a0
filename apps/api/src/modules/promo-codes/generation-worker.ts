import { PROMO_ALPHABET } from '@pult/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { pgPoolOf } from '../../db/copy-out';
import { promoSeries } from '../../db/schema';
import type { JobHandler, JobOutcome } from '../jobs';
import { randomCodeList } from './code-generator';

/**
 * Codes per statement. Ten statements for a million: each is one round trip that inserts its codes in
 * value order (the unique index is then written page after page instead of at random) and moves the
 * progress counter, so the series page still shows progress.
 */
const BATCH = 100_000;
/**
 * On PGlite a statement runs in the server's own thread and every request waits for it: small
 * batches keep the embedded install answering while it generates.
 */
const PGLITE_BATCH = 10_000;
/** Codes drawn between two yields of the server's thread, so requests are answered meanwhile. */
const DRAW_SLICE = 10_000;
/** Batches in a row that add no new code: the code space (for this prefix and length) is used up. */
const MAX_FRUITLESS_BATCHES = 5;

export const PROMO_GENERATION_JOB = 'promo-generation';

/** `count` random codes, comma-separated, drawn in slices with a yield between them. */
async function drawCodes(prefix: string, length: number, count: number): Promise<string> {
  const parts: string[] = [];
  for (let drawn = 0; drawn < count; drawn += DRAW_SLICE) {
    parts.push(randomCodeList(prefix, length, Math.min(DRAW_SLICE, count - drawn)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return parts.join(',');
}

/**
 * Generates a series' promo codes as a job (see the jobs module), in batches, each batch and its
 * progress counter in one statement — so `generated` always equals the codes stored, and a crash
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
    const batch = pgPoolOf(db) ? BATCH : PGLITE_BATCH;
    const space = PROMO_ALPHABET.length ** series.codeLength;
    while (generated < series.codesCount && !control.stopping()) {
      const want = Math.min(batch, series.codesCount - generated);
      // Sparse until a batch loses codes to clashes; from then on, oversample and pre-check.
      const sparse = oversample === 1;
      const draw = sparse ? want : Math.min(space, Math.ceil(want * oversample) + 64);
      // One text parameter, split in SQL: codes hold only [A-Z0-9-], and a single parameter keeps the
      // statement the same size whatever the batch (a JS array would become one parameter per code).
      const codes = await drawCodes(series.prefix, series.codeLength, draw);
      // One statement: the codes in value order, repeats and taken codes dropped (DO NOTHING also
      // skips a code drawn twice in one batch), and the progress
      // counter moved by what was really added — so `generated` always equals the codes stored.
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`with added as (
              insert into promo_codes (value, series_id)
              select candidate, ${series.id}
              from unnest(string_to_array(${codes}, ',')) as candidate
              ${
                sparse
                  ? // Sparse code space: exactly `want` candidates, and the unique index drops the rare clash.
                    sql``
                  : // Crowded: more candidates than needed, skip the taken ones, keep no more than `want`.
                    sql`where not exists (select 1 from promo_codes taken where taken.value = candidate)`
              }
              ${
                // In value order when all are kept; a crowded draw keeps its random order, so the
                // LIMIT does not favour codes early in the alphabet.
                sparse ? sql`order by candidate` : sql`limit ${want}`
              }
              on conflict (value) do nothing
              returning 1),
            progress as (
              update promo_series set generated = ${generated} + (select count(*) from added)
              where id = ${series.id}
              returning generated)
            select (select generated from progress) - ${generated} as n`,
      );
      const added = Number(row?.n ?? 0);
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
