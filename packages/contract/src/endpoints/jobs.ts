import { z } from 'zod';
import { dbId, idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { keysetQuery } from '../list-query';

/** A background job's life: pending → running → done; `failed` once its kind's attempts are spent. */
export const jobStatuses = ['pending', 'running', 'done', 'failed', 'canceled'] as const;
export const jobStatus = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatus>;

/** One piece of background work (a promo series' generation, a reminder's dispatch). */
export const job = z
  .object({
    id: z.number().int(),
    /** Which handler runs it: `promo-generation`, `push-dispatch`. */
    kind: z.string(),
    /** The row it is about: the series, the reminder. */
    subjectId: z.number().int(),
    status: jobStatus,
    /** Not before this time (a scheduled push, a retry's back-off). */
    runAt: z.string(),
    /** Runs since it last made progress (or was retried). */
    attempts: z.number().int(),
    /** The last error's message, trimmed; kept after a retry until a run replaces it. */
    lastError: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof job>;

export const jobListQuery = keysetQuery(
  {
    state: jobStatus.default('failed'),
    /** The `nextCursor` of the previous page: jobs with a smaller id. */
    cursor: dbId.optional(),
  },
  { take: 50 },
);
export type JobListQuery = z.infer<typeof jobListQuery>;

/** A keyset page, newest job first, no total; `nextCursor` is null on the last page. */
export const jobsPage = z.object({ items: z.array(job), nextCursor: z.number().int().nullable() });

export const jobsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/jobs',
    operationId: 'listJobs',
    summary: 'Background jobs in one state (failed by default), newest first',
    description: 'Admin only. `state=failed` lists the jobs that spent their attempts, with their last error.',
    tag: 'jobs',
    access: ['admin'],
    query: jobListQuery,
    response: jobsPage,
    errors: [],
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/jobs/:id/retry',
    operationId: 'retryJob',
    summary: 'Put a failed job back on the queue',
    description:
      'Admin only. The job is due at once with its attempts counted afresh; 409 CONFLICT unless it is failed. Recorded in the audit log.',
    tag: 'jobs',
    access: ['admin'],
    params: idParam,
    response: job,
    errors: [404, 409],
  }),
};
