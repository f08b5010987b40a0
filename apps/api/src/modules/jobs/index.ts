import type { PultModule } from '../../pult-module';
import { jobsRoutes } from './jobs-routes';

/** The jobs module's public face: one background-job mechanism for every feature. */
export { type Backoff, retryDelayMs } from './job-backoff';
export { JOB_ERROR_MAX, jobErrorText } from './job-error';
export {
  DEFAULT_MAX_ATTEMPTS,
  type JobCancelHook,
  type JobKind,
  type JobProgressReader,
  jobKind,
} from './job-kind';
export { registerJobGauges } from './job-metrics';
export { cancelJob, enqueueJob, findJob, JOBS_CHANNEL, type JobRow, listJobs, retryJob } from './job-queue';
export {
  type JobControl,
  type JobHandler,
  type JobOutcome,
  type JobRegistration,
  type JobWorker,
  startJobWorker,
} from './job-worker';

export const jobsModule: PultModule = { name: 'jobs', routes: [jobsRoutes] };
