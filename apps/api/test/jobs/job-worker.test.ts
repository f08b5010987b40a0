import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { jobs } from '../../src/db/schema';
import {
  enqueueJob,
  findJob,
  type JobHandler,
  type JobKind,
  jobErrorText,
  jobKind,
  retryDelayMs,
  retryJob,
  startJobWorker,
} from '../../src/modules/jobs';
import { FakeClock } from '../helpers/fake-clock';
import { openTestDatabase } from '../helpers/test-database';

/**
 * Jobs that keep failing stop: a kind's attempts, an exponential back-off between them, then
 * `failed` with the error kept until an admin retries (docs/decisions/0017, 0029).
 */
describe('job attempts, back-off and failure', () => {
  let database: Database;
  const clock = new FakeClock(Date.parse('2026-11-26T10:00:00Z'));
  const quiet = () => undefined;
  const log = {
    level: 'silent',
    fatal: quiet,
    error: quiet,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  } as unknown as FastifyBaseLogger; // why: the worker only writes to it
  let subject = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A worker with one kind; jitter fixed at its middle so waits are exact. */
  function worker(kind: JobKind, handler: JobHandler) {
    return startJobWorker({
      db: database.db,
      clock,
      log,
      handlers: [{ kind, handler }],
      pollMs: 3_600_000,
      backoff: { random: () => 0.5 },
    });
  }

  async function enqueue(kind: JobKind) {
    subject += 1;
    await enqueueJob(database.db, { kind, subjectId: subject, runAt: clock.now() });
    const job = await findJob(database.db, kind, subject);
    if (!job) throw new Error('not enqueued');
    return job;
  }

  const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  /** Runs every due job, then moves the clock to the job's next time, until it stops being pending. */
  async function runUntilSettled(w: ReturnType<typeof worker>, id: number) {
    const waits: number[] = [];
    for (let round = 0; round < 20; round++) {
      await w.idle();
      const current = await row(id);
      if (current?.status !== 'pending') return { job: current, waits };
      const wait = current.runAt.getTime() - clock.now().getTime();
      waits.push(wait);
      clock.advance(wait);
    }
    throw new Error('the job never settled');
  }

  it('an always-throwing handler stops after its attempts, failed with its error, waits growing between', async () => {
    const kind = jobKind('always-throws', { maxAttempts: 4 });
    let runs = 0;
    const w = worker(kind, async () => {
      runs += 1;
      throw new Error(`provider down (run ${runs})`);
    });
    try {
      const job = await enqueue(kind);
      const { job: settled, waits } = await runUntilSettled(w, job.id);
      expect(runs).toBe(4);
      expect(settled).toMatchObject({ status: 'failed', attempts: 4, lastError: 'provider down (run 4)' });
      expect(settled?.leaseOwner).toBeNull();
      // 10 s × 2^(attempt − 1) with the jitter at its middle: 10, 20, 40 s; no wait after the last.
      expect(waits).toEqual([10_000, 20_000, 40_000]);
      // Failed is final: time passing does not run it again.
      clock.advance(24 * 3_600_000);
      await w.idle();
      expect(runs).toBe(4);
    } finally {
      await w.stop();
    }
  });

  it('a retry puts a failed job back on the queue, due now, with fresh attempts', async () => {
    const kind = jobKind('fails-then-retried', { maxAttempts: 2 });
    let broken = true;
    let runs = 0;
    const w = worker(kind, async () => {
      runs += 1;
      if (broken) throw new Error('bug');
      return { status: 'done' };
    });
    try {
      const job = await enqueue(kind);
      expect((await runUntilSettled(w, job.id)).job).toMatchObject({ status: 'failed', attempts: 2 });
      // Only a failed job can be retried: a second retry of the now pending job changes nothing.
      broken = false;
      const first = await retryJob(database.db, job.id, clock.now());
      expect(first).toMatchObject({ retried: true, job: { status: 'pending', attempts: 0, lastError: 'bug' } });
      expect((await retryJob(database.db, job.id, clock.now())).retried).toBe(false);
      expect((await retryJob(database.db, 2_000_000_000, clock.now())).job).toBeUndefined();
      await w.idle();
      expect(runs).toBe(3);
      expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await w.stop();
    }
  });

  it('a handler that succeeds on its 3rd attempt ends done', async () => {
    const kind = jobKind('third-time-lucky');
    let runs = 0;
    const w = worker(kind, async () => {
      runs += 1;
      if (runs < 3) throw new Error('not yet');
      return { status: 'done' };
    });
    try {
      const job = await enqueue(kind);
      const { job: settled, waits } = await runUntilSettled(w, job.id);
      expect(runs).toBe(3);
      expect(waits).toEqual([10_000, 20_000]);
      expect(settled).toMatchObject({ status: 'done', attempts: 3 });
    } finally {
      await w.stop();
    }
  });

  it('a job whose process keeps dying while running it is failed instead of claimed once more', async () => {
    const kind = jobKind('kills-its-process', { maxAttempts: 2 });
    const job = await enqueue(kind);
    // Two runs whose process died: claimed (attempts counted), lease ran out.
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 2, leaseUntil: new Date(clock.now().getTime() - 1000), leaseOwner: 'gone' })
      .where(eq(jobs.id, job.id));
    let runs = 0;
    const w = worker(kind, async () => {
      runs += 1;
      return { status: 'done' };
    });
    try {
      await w.idle();
      expect(runs).toBe(0);
      const settled = await row(job.id);
      expect(settled).toMatchObject({ status: 'failed', attempts: 3 });
      expect(settled?.lastError).toMatch(/Stopped after 2 attempts/);
    } finally {
      await w.stop();
    }
  });

  it('the back-off doubles up to its cap, within ±20 % jitter', () => {
    const low = { baseMs: 10_000, capMs: 3_600_000, jitter: 0.2, random: () => 0 };
    const high = { ...low, random: () => 0.999_999 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, low))).toEqual([8_000, 16_000, 32_000, 64_000]);
    expect(retryDelayMs(1, high)).toBeLessThanOrEqual(12_000);
    expect(retryDelayMs(30, low)).toBe(2_880_000);
    expect(retryDelayMs(30, high)).toBeLessThanOrEqual(4_320_000);
  });

  it('keeps only a storable, trimmed message: no query parameters, no stack', () => {
    const query = Object.assign(new Error('Failed query: update users set token = $1\nparams: secret-token'), {
      query: 'update users set token = $1',
      params: ['secret-token'],
      cause: new Error('deadlock detected'),
    });
    expect(jobErrorText(query)).toBe('deadlock detected');
    expect(jobErrorText(new Error(`a\u0000b${'x'.repeat(600)}`))).toHaveLength(500);
    expect(jobErrorText(new Error(`${'x'.repeat(498)}😀😀`))).toBe(`${'x'.repeat(498)}…`);
    expect(jobErrorText('plain')).toBe('plain');
  });

  it('the database refuses a failed job without an error and an error over 500 characters', async () => {
    const job = await enqueue(jobKind('checked'));
    await expect(database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, job.id))).rejects.toThrow();
    await expect(
      database.db
        .update(jobs)
        .set({ lastError: 'x'.repeat(501) })
        .where(eq(jobs.id, job.id)),
    ).rejects.toThrow();
  });
});
