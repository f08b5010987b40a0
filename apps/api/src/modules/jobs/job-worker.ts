import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { jobs } from '../../db/schema';
import { runAsRequestAsync } from '../../db/statement-tag';
import type { Clock } from '../../lib/clock';
import { withJobLogContext } from '../../lib/job-log-context';
import type { Metrics } from '../../lib/metrics';
import { type Backoff, defaultBackoff, retryDelayMs } from './job-backoff';
import { jobErrorText } from './job-error';
import type { JobKind } from './job-kind';
import type { JobRow } from './job-queue';

/** What a handler reports when it returns: finished, finished badly, or "call me again at runAt". */
export type JobOutcome = { status: 'done' } | { status: 'failed'; error: string } | { status: 'later'; runAt?: Date };

export interface JobControl {
  /** Extends the lease; false when the job was canceled or taken over (stop working on it). */
  renew(): Promise<boolean>;
  /** True once the process is shutting down: finish the current batch and return `later`. */
  stopping(): boolean;
}

/**
 * Runs a job as the work of the request that queued it: its log lines carry the job and that request's
 * id, and on PostgreSQL its statements the id's comment (docs/decisions/0033).
 */
function asWorkOf<T>(job: JobRow, work: () => Promise<T>): Promise<T> {
  const fields = { jobId: job.id, job: job.kind, ...(job.requestId ? { reqId: job.requestId } : {}) };
  return withJobLogContext(fields, () => (job.requestId ? runAsRequestAsync(job.requestId, work) : work()));
}

export type JobHandler = (job: JobRow, control: JobControl) => Promise<JobOutcome>;

/** One kind of work and the handler that does it. */
export interface JobRegistration {
  kind: JobKind;
  handler: JobHandler;
}

export interface JobWorker {
  /** Looks for due work now instead of at the next poll (after something was enqueued). */
  wake(): void;
  /** Finishes the current batch, hands the lease back and stops. */
  stop(): Promise<void>;
  /** Resolves when no due job is left that this process could take (tests and the bench wait on it). */
  idle(): Promise<void>;
}

export interface JobWorkerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  handlers: readonly JobRegistration[];
  pollMs?: number;
  leaseMs?: number;
  /** The wait after a handler threw (tests pass a fixed `random`). */
  backoff?: Partial<Backoff>;
  /** Where a job stopped as failed is counted (`pult_jobs_failed_total`); the app passes its own. */
  metrics?: Pick<Metrics, 'jobsFailed'>;
}

/**
 * The one background-job mechanism of the API. Every process runs one worker; a job is claimed by a
 * conditional update (`FOR UPDATE SKIP LOCKED` picks a row nobody else is claiming) that sets a lease
 * and the worker's id. A job is due when pending and its time has come, or running under a lease that
 * ran out (its process died): after a restart, or on another process, the work resumes where its own
 * progress records say it stopped. Completion is fenced by the owner id.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const backoff: Backoff = { ...defaultBackoff, ...options.backoff };
  const owner = randomUUID();
  const registrations = new Map(options.handlers.map((registration) => [registration.kind.name, registration]));
  const kinds = [...registrations.keys()];
  let stopping = false;
  let running: Promise<void> | undefined;
  const idleWaiters: Array<() => void> = [];

  const due = (now: Date) =>
    sql`${jobs.kind} IN (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )}) AND ((${jobs.status} = 'pending' AND ${jobs.runAt} <= ${now}) OR (${jobs.status} = 'running' AND ${jobs.leaseUntil} < ${now}))`;

  async function claim(): Promise<JobRow | undefined> {
    const now = clock.now();
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE jobs SET status = 'running', lease_until = ${new Date(now.getTime() + leaseMs)},
            lease_owner = ${owner}, attempts = attempts + 1, updated_at = ${now}
          WHERE id = (SELECT id FROM jobs WHERE ${due(now)} ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    const id = rows[0]?.id;
    if (id === undefined) return undefined;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    return job;
  }

  const mine = (id: number) => and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, 'running'));

  async function renew(id: number): Promise<boolean> {
    const now = clock.now();
    const rows = await db
      .update(jobs)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(mine(id))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async function finish(job: JobRow, outcome: JobOutcome) {
    const now = clock.now();
    const set =
      outcome.status === 'later'
        ? { status: 'pending' as const, runAt: outcome.runAt ?? now, attempts: 0 }
        : outcome.status === 'failed'
          ? { status: 'failed' as const, lastError: jobErrorText(outcome.error) }
          : { status: 'done' as const };
    const update = db
      .update(jobs)
      .set({ ...set, leaseUntil: null, leaseOwner: null, updatedAt: now })
      .where(mine(job.id));
    if (outcome.status !== 'failed') return void (await update);
    // Counted once, by the process whose update landed (not one that lost the lease meanwhile).
    const [updated] = await update.returning({ id: jobs.id });
    if (updated) options.metrics?.jobsFailed.inc({ kind: job.kind });
  }

  /**
   * After a handler threw: back off and retry (its own progress records make the retry resume, not
   * redo), or, once the kind's attempts are spent, stop as `failed` with the error kept for a person.
   */
  async function failed(job: JobRow, kind: JobKind, error: unknown) {
    const lastError = jobErrorText(error);
    const now = clock.now();
    const context = { err: error, job: job.kind, subjectId: job.subjectId, attempts: job.attempts };
    if (job.attempts >= kind.maxAttempts) {
      log.error(context, 'job failed for good; it waits for a retry by an admin');
      const [updated] = await db
        .update(jobs)
        .set({ status: 'failed', lastError, leaseUntil: null, leaseOwner: null, updatedAt: now })
        .where(mine(job.id))
        .returning({ id: jobs.id });
      if (updated) options.metrics?.jobsFailed.inc({ kind: job.kind });
      return;
    }
    log.error(context, 'job failed; will retry');
    await db
      .update(jobs)
      .set({
        status: 'pending',
        runAt: new Date(now.getTime() + retryDelayMs(job.attempts, backoff)),
        lastError,
        leaseUntil: null,
        leaseOwner: null,
        updatedAt: now,
      })
      .where(mine(job.id));
  }

  async function drain() {
    for (;;) {
      if (stopping) return;
      const job = await claim();
      if (!job) return;
      const registration = registrations.get(job.kind);
      if (!registration) return;
      // Claimed again after its lease ran out that many times: the process running it keeps dying
      // (out of memory on this job?), so it is not run once more.
      if (job.attempts > registration.kind.maxAttempts) {
        const why = `Stopped after ${job.attempts - 1} attempts whose process ended while running it`;
        await failed(job, registration.kind, new Error(job.lastError ?? why)).catch(() => undefined);
        continue;
      }
      await asWorkOf(job, () => run(job, registration));
    }
  }

  async function run(job: JobRow, registration: JobRegistration) {
    try {
      const outcome = await registration.handler(job, { renew: () => renew(job.id), stopping: () => stopping });
      await finish(job, outcome);
      log.debug({ subjectId: job.subjectId, outcome: outcome.status }, 'job ran');
    } catch (error) {
      await failed(job, registration.kind, error).catch((cause: unknown) =>
        log.error({ err: cause, job: job.kind }, 'could not record a failed job'),
      );
    }
  }

  async function hasWork() {
    const [row] = await db.select({ id: jobs.id }).from(jobs).where(due(clock.now())).limit(1);
    return Boolean(row);
  }

  function tick() {
    if (running || stopping || kinds.length === 0) return;
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'job poll failed'))
      .finally(() => {
        running = undefined;
        if (stopping) return;
        // Only those already waiting may be told "idle" by this check: work queued after it started
        // (a retry committed meanwhile) is not in its answer, and their own tick checks again.
        const waiting = idleWaiters.splice(0);
        void hasWork()
          .then((more) => {
            if (!more) for (const resolve of waiting) resolve();
            else {
              idleWaiters.unshift(...waiting);
              tick();
            }
          })
          .catch(() => idleWaiters.unshift(...waiting));
      });
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
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
    async idle() {
      // `running` is read again after the query: a wake (NOTIFY at the enqueue's commit) may have
      // started a drain that claimed the job while the query ran, and a claimed job under a live
      // lease is not "due", so the query alone would answer idle while that job still runs.
      if (!running && !(await hasWork()) && !running) return;
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        tick();
      });
    },
  };
}
