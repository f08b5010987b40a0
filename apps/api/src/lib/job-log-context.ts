import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while a job runs says about it. */
export interface JobLogFields {
  jobId: number;
  job: string;
  /** The request that queued the work (its X-Request-Id), when a request did. */
  reqId?: string;
}

const currentJob = new AsyncLocalStorage<JobLogFields>();

/**
 * Runs a job's work so that every log line it writes, through whichever logger (a handler logs with
 * the app's), carries the job and the request that queued it: the logger's mixin reads this
 * (lib/logger-options.ts). An operator follows a request from its answer's X-Request-Id to the
 * background work it started (docs/decisions/0033).
 */
export const withJobLogContext = <T>(fields: JobLogFields, work: () => Promise<T>): Promise<T> =>
  currentJob.run(fields, work);

/** pino's `mixin`: the running job's fields, or nothing outside a job. */
export const jobLogMixin = (): object => currentJob.getStore() ?? {};
