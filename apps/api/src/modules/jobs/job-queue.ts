import type { JobStatus } from '@pult/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobKind } from './job-kind';

export type JobRow = typeof jobs.$inferSelect;

/** The channel every process's worker listens on (plugins/jobs.ts); the payload is the job's kind. */
export const JOBS_CHANNEL = 'pult_jobs';

/**
 * Wakes the workers of every process when the caller's transaction commits (and never when it rolls
 * back): PostgreSQL holds a NOTIFY until then. The poll still finds work whose notification was lost.
 */
const wakeWorkersAtCommit = (db: Db, kind: string) => db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`);

/**
 * Puts work on the queue in the caller's transaction (so the work exists exactly when its subject
 * does); the workers wake when it commits. Enqueuing the same kind and subject again re-arms the job
 * for the new time, with its attempts counted afresh. `requestId`: the request that queued it (its
 * X-Request-Id), which the work's log lines and statements then carry (docs/decisions/0033).
 */
export async function enqueueJob(
  db: Db,
  job: { kind: JobKind; subjectId: number; runAt: Date; requestId?: string | null },
): Promise<void> {
  const requestId = job.requestId ?? null;
  await db
    .insert(jobs)
    .values({ kind: job.kind.name, subjectId: job.subjectId, runAt: job.runAt, status: 'pending', requestId })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.subjectId],
      set: {
        status: 'pending',
        runAt: job.runAt,
        attempts: 0,
        leaseUntil: null,
        leaseOwner: null,
        requestId,
        updatedAt: sql`now()`,
      },
    });
  await wakeWorkersAtCommit(db, job.kind.name);
}

/** Stops pending work (a canceled reminder); a running holder notices at its next lease renewal. */
export async function cancelJob(db: Db, kind: JobKind, subjectId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'canceled', leaseUntil: null, leaseOwner: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.kind, kind.name), eq(jobs.subjectId, subjectId)));
}

export async function findJob(db: Db, kind: JobKind, subjectId: number): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind.name), eq(jobs.subjectId, subjectId)));
  return row;
}

/** Jobs in one state (of one kind), newest first, in keyset pages (`beforeId` from the last row). */
export async function listJobs(
  db: Db,
  filter: { status: JobStatus; kind?: string; take: number; beforeId?: number },
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, filter.status),
        filter.kind === undefined ? undefined : eq(jobs.kind, filter.kind),
        filter.beforeId === undefined ? undefined : lt(jobs.id, filter.beforeId),
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(filter.take);
}

/** How many jobs each kind has in each state (one row per kind and state that has any). */
export async function countJobs(db: Db): Promise<Array<{ kind: string; status: JobStatus; count: number }>> {
  return db
    .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status);
}

/**
 * Cancels a pending or failed job by id (an admin's decision); a running job is left to finish its
 * run. Undefined when there is no such job; the row unchanged when it is in another state.
 */
export async function cancelJobById(db: Db, id: number, now: Date): Promise<{ job?: JobRow; canceled: boolean }> {
  const [canceled] = await db
    .update(jobs)
    .set({ status: 'canceled', leaseUntil: null, leaseOwner: null, updatedAt: now })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['pending', 'failed'])))
    .returning();
  if (canceled) return { job: canceled, canceled: true };
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return { job, canceled: false };
}

/**
 * Puts a failed job back on the queue, due now (the workers wake at commit), with its attempts counted afresh; its last error stays
 * until a run replaces it. Undefined when there is no such job; the row unchanged when it is not failed.
 */
export async function retryJob(db: Db, id: number, now: Date): Promise<{ job?: JobRow; retried: boolean }> {
  const [retried] = await db
    .update(jobs)
    .set({ status: 'pending', runAt: now, attempts: 0, leaseUntil: null, leaseOwner: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  if (retried) {
    await wakeWorkersAtCommit(db, retried.kind);
    return { job: retried, retried: true };
  }
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return { job, retried: false };
}
