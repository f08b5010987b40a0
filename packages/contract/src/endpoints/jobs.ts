import { z } from 'zod';
import { dbId, idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { keysetQuery, optionalFilter } from '../list-query';

/** A background job's life: pending → running → done; `failed` once its kind's attempts are spent. */
export const jobStatuses = ['pending', 'running', 'done', 'failed', 'canceled'] as const;
export const jobStatus = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatus>;

/**
 * The kinds of background work the API runs, each named in the SPA's five languages and linked to its
 * subject's screen there (a test checks that every kind a module declares is listed here).
 */
export const knownJobKinds = ['promo-generation', 'push-dispatch', 'scheduled-backup', 'import'] as const;
export type KnownJobKind = (typeof knownJobKinds)[number];

/** A kind's name as the `jobs.kind` column allows it: kebab-case letters. */
export const jobKindName = z
  .string()
  .max(50)
  .regex(/^[a-z][a-z-]*$/);

/** How far a job's work has come: codes generated of the series' count, deliveries handled of the push's audience. */
export const jobProgress = z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() });
export type JobProgress = z.infer<typeof jobProgress>;

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
    /** The subject's own progress counters; null when its kind keeps none or the subject is gone. */
    progress: jobProgress.nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof job>;

export const jobListQuery = keysetQuery(
  {
    state: jobStatus.default('failed'),
    /** One kind only (`promo-generation`); any kind when left out. */
    kind: optionalFilter(jobKindName),
    /** The `nextCursor` of the previous page: jobs with a smaller id. */
    cursor: dbId.optional(),
  },
  { take: 50 },
);
export type JobListQuery = z.infer<typeof jobListQuery>;

/** A keyset page, newest job first, no total; `nextCursor` is null on the last page. */
export const jobsPage = z.object({ items: z.array(job), nextCursor: z.number().int().nullable() });

const stateCounts = z.object(
  Object.fromEntries(jobStatuses.map((status) => [status, z.number().int().nonnegative()])) as Record<
    JobStatus,
    z.ZodNumber
  >,
);

/** Jobs counted by kind and state, and the queue's limits: what the jobs screen shows above its list. */
export const jobsSummary = z
  .object({
    kinds: z.array(
      z.object({
        kind: z.string(),
        /** Runs a job of this kind gets before it is `failed`; null for a kind this server does not run. */
        maxAttempts: z.number().int().positive().nullable(),
        counts: stateCounts,
      }),
    ),
    /** The wait after a run that threw: `baseMs × 2^(attempts−1)`, at most `capMs`, ± `jitter` of it. */
    backoff: z.object({ baseMs: z.number().int(), capMs: z.number().int(), jitter: z.number() }),
  })
  .meta({ id: 'JobsSummary' });
export type JobsSummary = z.infer<typeof jobsSummary>;

export const jobsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/jobs',
    operationId: 'listJobs',
    summary: 'Background jobs in one state (failed by default), newest first',
    description:
      "Admin only. `state=failed` lists the jobs that spent their attempts, with their last error; `kind` narrows to one kind. Each job carries its subject's progress.",
    tag: 'jobs',
    access: ['admin'],
    query: jobListQuery,
    response: jobsPage,
    errors: [],
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/jobs/summary',
    operationId: 'jobsSummary',
    summary: "Jobs counted by kind and state, with the queue's limits",
    description: 'Admin only. Every kind the server runs is listed, also with no jobs yet.',
    tag: 'jobs',
    access: ['admin'],
    response: jobsSummary,
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
  cancel: defineEndpoint({
    method: 'POST',
    path: '/jobs/:id/cancel',
    operationId: 'cancelJob',
    summary: 'Cancel a waiting or failed job',
    description:
      "Admin only. The job will not run; its subject follows (a push is canceled, a promo series' generation stops as failed). 409 CONFLICT unless it is pending or failed. Recorded in the audit log.",
    tag: 'jobs',
    access: ['admin'],
    params: idParam,
    response: job,
    errors: [404, 409],
  }),
};
