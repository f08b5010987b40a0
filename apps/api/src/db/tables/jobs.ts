import { jobStatuses } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';

/**
 * Background work of every feature (promo-code generation, push dispatch), one row per piece of work.
 * A process claims a due row by a conditional update that sets a lease; while it works it renews the
 * lease, and when it dies the lease runs out and whoever polls next resumes the work.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** Which handler runs it: 'promo-generation', 'push-dispatch'. */
    kind: text('kind').notNull(),
    /** The row the work is about (a promo series, a reminder); one job per kind and subject. */
    subjectId: integer('subject_id').notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    /** Not before this time (a scheduled push, a retry's back-off). */
    runAt: time('run_at').notNull(),
    leaseUntil: time('lease_until'),
    /** The process holding the lease; completing checks it, so a process that lost its lease cannot. */
    leaseOwner: text('lease_owner'),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure's message (see the CHECKs); a `failed` job always has one. */
    lastError: text('last_error'),
    /** The request that queued the work (its X-Request-Id): its log lines and statements carry it. */
    requestId: text('request_id'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_kind_subject_key').on(t.kind, t.subjectId),
    index('jobs_due_idx').on(t.status, t.runAt),
    check('jobs_status_check', oneOf(t.status, jobStatuses)),
    check('jobs_kind_check', sql`${t.kind} ~ '^[a-z][a-z-]*$'`),
    check('jobs_lease_check', sql`${t.status} <> 'running' OR ${t.leaseUntil} IS NOT NULL`),
    // A failed job says why (what an admin reads before retrying it); the text is a trimmed message
    // (modules/jobs/job-error.ts), never a stack or a query's parameters.
    check('jobs_failed_error_check', sql`${t.status} <> 'failed' OR ${t.lastError} IS NOT NULL`),
    check('jobs_last_error_check', sql`length(${t.lastError}) <= 500`),
    check('jobs_request_id_check', sql`${t.requestId} ~ '^[A-Za-z0-9._:-]{1,128}$'`),
  ],
);
