import { type Job, type JobListQuery, type JobProgress, type JobsSummary, jobStatuses } from '@pult/contract';
import { conflict, notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { defaultBackoff } from './job-backoff';
import type { JobKind } from './job-kind';
import { cancelJobById, countJobs, type JobRow, listJobs, retryJob } from './job-queue';

const toJob = (row: JobRow, progress: JobProgress | null = null): Job => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subjectId,
  status: row.status,
  runAt: row.runAt.toISOString(),
  attempts: row.attempts,
  lastError: row.lastError,
  updatedAt: row.updatedAt.toISOString(),
  progress,
});

const kindsOf = (ctx: ServiceContext): ReadonlyMap<string, JobKind> =>
  new Map(ctx.deps.jobKinds.map((kind) => [kind.name, kind]));

/** The page's jobs with their subjects' progress: one query per kind on the page, for those rows' subjects only. */
async function withProgress(ctx: ServiceContext, rows: JobRow[]): Promise<Job[]> {
  const kinds = kindsOf(ctx);
  const subjects = new Map<string, number[]>();
  for (const row of rows) subjects.set(row.kind, [...(subjects.get(row.kind) ?? []), row.subjectId]);
  const progress = new Map<string, Map<number, JobProgress>>();
  for (const [name, ids] of subjects) {
    const reader = kinds.get(name)?.progress;
    if (reader) progress.set(name, await reader(ctx.db, ids));
  }
  return rows.map((row) => toJob(row, progress.get(row.kind)?.get(row.subjectId) ?? null));
}

const jobNotFound = (id: number) => notFound('NOT_FOUND', `Job ${id} not found`);

/** What an admin sees and does about background work; the guard lets only admins this far. */
export const jobsService = {
  /** One page more than asked tells whether there is a next one, without counting the rest. */
  async list(ctx: ServiceContext, query: JobListQuery) {
    const rows = await listJobs(ctx.db, {
      status: query.state,
      kind: query.kind,
      take: query.take + 1,
      beforeId: query.cursor,
    });
    const items = await withProgress(ctx, rows.slice(0, query.take));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > query.take && last ? last.id : null };
  },

  /** Every kind this server runs (also with no jobs yet) and any other kind the table holds, counted by state. */
  async summary(ctx: ServiceContext): Promise<JobsSummary> {
    const zero = () =>
      Object.fromEntries(jobStatuses.map((status) => [status, 0])) as JobsSummary['kinds'][0]['counts'];
    const byKind = new Map<string, JobsSummary['kinds'][0]>();
    for (const kind of ctx.deps.jobKinds)
      byKind.set(kind.name, { kind: kind.name, maxAttempts: kind.maxAttempts, counts: zero() });
    for (const row of await countJobs(ctx.db)) {
      let entry = byKind.get(row.kind);
      if (!entry) {
        entry = { kind: row.kind, maxAttempts: null, counts: zero() };
        byKind.set(row.kind, entry);
      }
      entry.counts[row.status] = Number(row.count);
    }
    const { baseMs, capMs, jitter } = defaultBackoff;
    return { kinds: [...byKind.values()], backoff: { baseMs, capMs, jitter } };
  },

  /** A failed job back on the queue, due now (the workers wake when it commits). Recorded in the audit log. */
  async retry(ctx: ServiceContext, id: number): Promise<Job> {
    const job = await ctx.db.transaction(async (tx) => {
      const { job, retried } = await retryJob(tx, id, ctx.clock.now());
      if (!job) throw jobNotFound(id);
      if (!retried) throw conflict('CONFLICT', `Job ${id} is ${job.status}; only a failed job can be retried`);
      await ctx.audit(
        { action: 'retry', entity: 'job', entityId: id, after: { kind: job.kind, subjectId: job.subjectId } },
        tx,
      );
      return job;
    });
    return (await withProgress(ctx, [job]))[0] ?? toJob(job);
  },

  /**
   * A pending or failed job that will not run; its kind's hook brings the subject along in the same
   * transaction (a push canceled, a series' generation stopped). Recorded in the audit log.
   */
  async cancel(ctx: ServiceContext, id: number): Promise<Job> {
    const job = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const { job, canceled } = await cancelJobById(tx, id, now);
      if (!job) throw jobNotFound(id);
      if (!canceled)
        throw conflict('CONFLICT', `Job ${id} is ${job.status}; only a pending or failed job can be canceled`);
      await kindsOf(ctx).get(job.kind)?.onCancel?.(tx, job.subjectId, now);
      await ctx.audit(
        { action: 'cancel', entity: 'job', entityId: id, after: { kind: job.kind, subjectId: job.subjectId } },
        tx,
      );
      return job;
    });
    return (await withProgress(ctx, [job]))[0] ?? toJob(job);
  },
};
