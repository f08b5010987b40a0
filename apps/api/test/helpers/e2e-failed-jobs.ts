/**
 * Browser-test fixture (e2e/global-setup.ts runs it before the server starts, as it runs the accounts'
 * CLI): promo series whose code generation failed for real. The real job worker runs the real
 * generation handler while the codes table refuses every insert (a trigger stands in for a database
 * that stops answering), with no back-off between attempts, until each job has spent its attempts and
 * is `failed` with the database's error; then the fault is removed, so an admin's retry succeeds.
 *   npx tsx apps/api/test/helpers/e2e-failed-jobs.ts --count 8
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../../src/db/client';
import { jobs, promoSeries, subscriptionPlans } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { systemClock } from '../../src/lib/clock';
import { enqueueJob, startJobWorker } from '../../src/modules/jobs';
import {
  PROMO_GENERATION_JOB,
  promoGenerationHandler,
} from '../../src/modules/promo-codes/generation/generation-worker';

const { values } = parseArgs({ options: { count: { type: 'string', default: '8' } } });
const count = Number(values.count);
if (!Number.isSafeInteger(count) || count < 1 || count > 100) throw new Error('--count must be 1..100');

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(env.dataDir, 'pglite') });
const { db } = database;
const log = pino({ level: 'silent' });
try {
  const [plan] = await db
    .insert(subscriptionPlans)
    .values({ title: 'Фоновые задачи E2E', price: 0, period: 'month', durationDays: 30 })
    .returning({ id: subscriptionPlans.id });
  const series = await db
    .insert(promoSeries)
    .values(
      Array.from({ length: count }, (_, n) => ({
        name: `Сбой генерации ${n + 1}`,
        prefix: 'JOBS',
        codeLength: 8,
        codesCount: 40,
        planId: plan?.id ?? 0,
        durationDays: 30,
      })),
    )
    .returning({ id: promoSeries.id });
  const ids = series.map((row) => row.id);

  await db.execute(sql`CREATE FUNCTION e2e_codes_unavailable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not write promo codes: the code store is not answering'; END $$`);
  await db.execute(sql`CREATE TRIGGER e2e_codes_unavailable BEFORE INSERT ON promo_codes
    FOR EACH STATEMENT EXECUTE FUNCTION e2e_codes_unavailable()`);
  for (const subjectId of ids) await enqueueJob(db, { kind: PROMO_GENERATION_JOB, subjectId, runAt: new Date() });

  const worker = startJobWorker({
    db,
    clock: systemClock,
    log,
    pollMs: 20,
    handlers: [{ kind: PROMO_GENERATION_JOB, handler: promoGenerationHandler(db, log) }],
    backoff: { baseMs: 0, capMs: 0, jitter: 0 },
  });
  try {
    await worker.idle();
  } finally {
    await worker.stop();
  }
  await db.execute(sql`DROP TRIGGER e2e_codes_unavailable ON promo_codes`);
  await db.execute(sql`DROP FUNCTION e2e_codes_unavailable()`);

  const states = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.kind, PROMO_GENERATION_JOB.name), inArray(jobs.subjectId, ids)));
  if (states.length !== count || states.some((row) => row.status !== 'failed'))
    throw new Error(`expected ${count} failed generation jobs, got ${JSON.stringify(states)}`);
} finally {
  await database.close();
}
