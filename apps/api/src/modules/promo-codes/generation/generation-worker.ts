import { PROMO_ALPHABET } from '@pult/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../../db/client';
import { pgPoolOf } from '../../../db/copy-out';
import { promoSeries } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/pg-errors';
import { type JobHandler, type JobOutcome, jobKind } from '../../jobs';
import { randomCodeList } from './code-generator';
import { generationProgress, stopGeneration } from './generation-subject';

/**
 * Codes per batch. Ten batches for a million, each one round trip per part (see `halves`) that
 * inserts its codes in value order (the unique index is then written page after page instead of at
 * random) and moves the progress counter, so the series page still shows progress.
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
/** The most codes one crowded batch draws (about 10 MB of candidates). */
const MAX_CROWDED_DRAW = 1_000_000;

/**
 * A generation that throws five times in a row without finishing a batch (a run that stores a batch
 * and is stopped starts the count again) waits as `failed` for an admin's retry; its series stays
 * `running` with the codes made so far, and the retry goes on from them.
 */
export const PROMO_GENERATION_JOB = jobKind('promo-generation', {
  maxAttempts: 5,
  progress: generationProgress,
  onCancel: stopGeneration,
});

/** `count` random codes, comma-separated, drawn in slices with a yield between them. */
async function drawCodes(prefix: string, length: number, count: number): Promise<string> {
  const parts: string[] = [];
  for (let drawn = 0; drawn < count; drawn += DRAW_SLICE) {
    parts.push(randomCodeList(prefix, length, Math.min(DRAW_SLICE, count - drawn)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return parts.join(',');
}

/** Part of a batch by value: codes at or above `from` and below `below` (byte order), unbounded where absent. */
interface ValueRange {
  from?: string;
  below?: string;
}

/**
 * A batch on PostgreSQL, split in two at the middle letter of the alphabet after the prefix: two
 * statements at once on two pooled connections, so two database processes (two cores) insert it, each
 * into its own half of the unique index (the two never wait for the same index page). Each code stays
 * uniformly random: the split only decides which statement stores it. PGlite runs one statement at a
 * time, so there a batch is one part.
 */
export function halves(prefix: string): ValueRange[] {
  const sorted = [...PROMO_ALPHABET].sort().join('');
  const middle = `${prefix}${sorted[Math.floor(sorted.length / 2)]}`;
  return [{ below: middle }, { from: middle }];
}

/**
 * Stores `codes` and returns how many were added (one text parameter, comma-separated, split in SQL: codes hold only [A-Z0-9-], and
 * one parameter keeps the statement the same size whatever the batch) in value order, byte by byte as
 * the column compares (the unique index is then written page after page), and moves the series'
 * counter by what was added in the same statement, so `generated` always equals the codes stored.
 */
async function insertCodes(db: Db, seriesId: number, codes: string, range: ValueRange, tail: SQL): Promise<number> {
  const bounds = [
    range.from === undefined ? undefined : sql`candidate >= ${range.from}`,
    range.below === undefined ? undefined : sql`candidate < ${range.below}`,
  ].filter((bound): bound is SQL => bound !== undefined);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with added as (
      insert into promo_codes (value, series_id)
      select candidate, ${seriesId}
      -- Byte order, as the column's (migration 0022) and the split's.
      from (select drawn collate "C" as candidate from unnest(string_to_array(${codes}, ',')) as drawn) as codes
      ${bounds.length > 0 ? sql`where ${sql.join(bounds, sql` and `)}` : sql``}
      ${tail}
      returning 1),
    progress as (
      update promo_series set generated = generated + (select count(*) from added)
      where id = ${seriesId}
      returning 1)
    select (select count(*) from added)::int as n from progress`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A sparse code space: a clash is so rare that each part is first inserted plainly. ON CONFLICT DO
 * NOTHING costs a speculative insertion per row (0.4–0.7 s of database CPU per 100,000 codes,
 * measured); it is used only for a part that did clash (a code drawn twice, or one taken by another
 * series), which the plain statement refused as a whole, storing nothing. The parts run at once.
 */
async function insertSparse(db: Db, seriesId: number, codes: string, parts: ValueRange[]): Promise<number> {
  const added = await Promise.all(
    parts.map(async (range) => {
      const run = (tail: SQL) => insertCodes(db, seriesId, codes, range, tail);
      try {
        return await run(sql`order by candidate`);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return run(sql`order by candidate on conflict (value) do nothing`);
      }
    }),
  );
  return added.reduce((sum, n) => sum + n, 0);
}

/**
 * A crowded code space: more candidates than needed, the taken ones skipped, no more than `want`
 * kept, in their random order (so the LIMIT does not favour codes early in the alphabet).
 */
async function insertCrowded(db: Db, seriesId: number, codes: string, want: number): Promise<number> {
  const tail = sql`where not exists (select 1 from promo_codes taken where taken.value = candidate)
      limit ${want}
      on conflict (value) do nothing`;
  return insertCodes(db, seriesId, codes, {}, tail);
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
    // Trust the codes, not the counter, when resuming: recount what this series really has, and set
    // the counter to it (each batch then moves it by what the batch added).
    const [stored] = await queryRows<{ n: number }>(
      db,
      sql`update promo_series set generated = (select count(*) from promo_codes where series_id = ${series.id})
          where id = ${series.id} returning generated as n`,
    );
    let generated = Number(stored?.n ?? 0);
    let fruitless = 0;
    // Draw exactly what is missing while clashes are rare; once a batch loses codes to clashes, draw
    // more than needed, and more still as they grow (a nearly full code space), so the last free codes
    // are found instead of missed batch after batch.
    let oversample = 1;
    const parallel = pgPoolOf(db) !== undefined;
    const batch = parallel ? BATCH : PGLITE_BATCH;
    const space = PROMO_ALPHABET.length ** series.codeLength;
    while (generated < series.codesCount && !control.stopping()) {
      const want = Math.min(batch, series.codesCount - generated);
      // Sparse until a batch loses codes to clashes; from then on, oversample and pre-check.
      const sparse = oversample === 1;
      // A draw of `space` codes misses a given free code with probability (1 − 1/space)^space ≈ 1/e, so
      // five such batches in a row (MAX_FRUITLESS_BATCHES) left the last free code of a tiny space
      // unfound about once in 150 runs. Up to eight times the space (e^−8 per batch), at most a million.
      const draw = sparse ? want : Math.min(space * 8, MAX_CROWDED_DRAW, Math.ceil(want * oversample) + 64);
      const codes = await drawCodes(series.prefix, series.codeLength, draw);
      const added = sparse
        ? await insertSparse(db, series.id, codes, parallel ? halves(series.prefix) : [{}])
        : await insertCrowded(db, series.id, codes, want);
      generated += added;
      fruitless = added === 0 ? fruitless + 1 : 0;
      if (added < want) oversample = Math.min(Math.max(oversample, 1.05) * 4, space * 8);
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
