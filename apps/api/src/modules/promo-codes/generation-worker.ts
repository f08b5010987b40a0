import { PROMO_ALPHABET } from '@pult/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { promoSeries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { randomCodes } from './code-generator';

const BATCH = 20_000;
const LEASE_MS = 30_000;
/** Batches in a row that add no new code: the code space (for this prefix and length) is used up. */
const MAX_FRUITLESS_BATCHES = 5;

export interface GenerationWorker {
  /** Looks for work now instead of at the next poll (after a series is created). */
  wake(): void;
  /** Finishes the current batch, hands the lease back and stops. */
  stop(): Promise<void>;
  /** Resolves when no series is left that this process could generate (tests and the bench wait on it). */
  idle(): Promise<void>;
}

/**
 * Generates promo codes in the background, in batches, each batch and its progress counter in one
 * transaction — so `generated` always equals the codes stored, and a crash loses at most one batch
 * of work. Work is claimed with a lease in the database: after a restart, or when another API
 * process died mid-series, whoever polls next resumes the series from where it stopped.
 */
export function startGenerationWorker(db: Db, clock: Clock, log: FastifyBaseLogger, pollMs = 2000): GenerationWorker {
  let stopping = false;
  let running: Promise<void> | undefined;
  const idleWaiters: Array<() => void> = [];

  /** Work nobody holds: waiting, or running under a lease that ran out (its process died or failed). */
  const claimable = (now: Date) =>
    and(
      inArray(promoSeries.generationStatus, ['pending', 'running']),
      or(isNull(promoSeries.generationLeaseUntil), lt(promoSeries.generationLeaseUntil, now)),
    );

  async function claim() {
    const now = clock.now();
    const [candidate] = await db
      .select({ id: promoSeries.id })
      .from(promoSeries)
      .where(claimable(now))
      .orderBy(promoSeries.id)
      .limit(1);
    if (!candidate) return undefined;
    // The conditional update is the claim: of two processes racing for one series, one gets a row back.
    const [claimed] = await db
      .update(promoSeries)
      .set({ generationStatus: 'running', generationLeaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(promoSeries.id, candidate.id), claimable(now)))
      .returning();
    return claimed;
  }

  async function generate(series: NonNullable<Awaited<ReturnType<typeof claim>>>) {
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
    while (generated < series.codesCount && !stopping) {
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
          .set({ generated: generated + n, generationLeaseUntil: new Date(clock.now().getTime() + LEASE_MS) })
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
            generationLeaseUntil: null,
          })
          .where(eq(promoSeries.id, series.id));
        log.warn({ seriesId: series.id, generated }, 'promo generation failed: code space exhausted');
        return;
      }
    }
    await db
      .update(promoSeries)
      .set(
        stopping && generated < series.codesCount
          ? { generationLeaseUntil: null }
          : { generationStatus: 'done', generationLeaseUntil: null },
      )
      .where(eq(promoSeries.id, series.id));
  }

  async function drain() {
    for (;;) {
      if (stopping) return;
      const series = await claim();
      if (!series) return;
      try {
        await generate(series);
      } catch (error) {
        // The lease runs out and a later poll retries; the counter stays true to the stored codes.
        log.error({ err: error, seriesId: series.id }, 'promo generation batch failed; will retry');
        return;
      }
    }
  }

  function tick() {
    if (running || stopping) return;
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'promo generation poll failed'))
      .finally(() => {
        running = undefined;
        if (!stopping) {
          // Wake the waiters only if nothing is claimable any more.
          void hasWork().then((more) => {
            if (more) tick();
            else for (const resolve of idleWaiters.splice(0)) resolve();
          });
        }
      });
  }

  /**
   * Only claimable work counts: a series leased by another process (or by this one after a failed
   * batch) is retried when its lease runs out, at a later poll — never in a tight loop.
   */
  async function hasWork() {
    const [row] = await db.select({ id: promoSeries.id }).from(promoSeries).where(claimable(clock.now())).limit(1);
    return Boolean(row);
  }

  const timer = setInterval(tick, pollMs);
  timer.unref();
  tick();

  return {
    wake: tick,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
    async idle() {
      if (!running && !(await hasWork())) return;
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        tick();
      });
    },
  };
}
