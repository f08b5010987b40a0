import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../../db/all-tables';
import type { Db } from '../../db/client';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Puts work on the queue in the caller's transaction (so the work exists exactly when its subject
 * does). Enqueuing the same kind and subject again re-arms the job for the new time.
 */
export async function enqueueJob(db: Db, job: { kind: string; subjectId: number; runAt: Date }): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, subjectId: job.subjectId, runAt: job.runAt, status: 'pending' })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.subjectId],
      set: { status: 'pending', runAt: job.runAt, leaseUntil: null, leaseOwner: null, updatedAt: sql`now()` },
    });
}

/** Stops pending work (a canceled reminder); a running holder notices at its next lease renewal. */
export async function cancelJob(db: Db, kind: string, subjectId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'canceled', leaseUntil: null, leaseOwner: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.kind, kind), eq(jobs.subjectId, subjectId)));
}

export async function findJob(db: Db, kind: string, subjectId: number): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.subjectId, subjectId)));
  return row;
}
