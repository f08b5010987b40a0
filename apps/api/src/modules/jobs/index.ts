/** The jobs module's public face: one background-job mechanism for every feature. */
export { type Backoff, retryDelayMs } from './job-backoff';
export { JOB_ERROR_MAX, jobErrorText } from './job-error';
export { DEFAULT_MAX_ATTEMPTS, type JobKind, jobKind } from './job-kind';
export { cancelJob, enqueueJob, findJob, type JobRow, listJobs, retryJob } from './job-queue';
export {
  type JobControl,
  type JobHandler,
  type JobOutcome,
  type JobRegistration,
  type JobWorker,
  startJobWorker,
} from './job-worker';
export { jobsRoutes } from './jobs-routes';
