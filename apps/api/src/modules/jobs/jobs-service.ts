import type { Job, JobListQuery } from '@pult/contract';
import { conflict, notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { type JobRow, listJobs, retryJob } from './job-queue';

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subjectId,
  status: row.status,
  runAt: row.runAt.toISOString(),
  attempts: row.attempts,
  lastError: row.lastError,
  updatedAt: row.updatedAt.toISOString(),
});

/** What an admin sees and does about background work; the guard lets only admins this far. */
export const jobsService = {
  /** One page more than asked tells whether there is a next one, without counting the rest. */
  async list(ctx: ServiceContext, query: JobListQuery) {
    const rows = await listJobs(ctx.db, { status: query.state, take: query.take + 1, beforeId: query.cursor });
    const items = rows.slice(0, query.take).map(toJob);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > query.take && last ? last.id : null };
  },

  /** A failed job back on the queue, due now; the caller wakes the worker. Recorded in the audit log. */
  async retry(ctx: ServiceContext, id: number): Promise<Job> {
    return ctx.db.transaction(async (tx) => {
      const { job, retried } = await retryJob(tx, id, ctx.clock.now());
      if (!job) throw notFound('NOT_FOUND', `Job ${id} not found`);
      if (!retried) throw conflict('CONFLICT', `Job ${id} is ${job.status}; only a failed job can be retried`);
      await ctx.audit(
        { action: 'retry', entity: 'job', entityId: id, after: { kind: job.kind, subjectId: job.subjectId } },
        tx,
      );
      return toJob(job);
    });
  },
};
