/** The jobs module's public face: one background-job mechanism for every feature. */
export { cancelJob, enqueueJob, findJob, type JobRow } from './job-queue';
export { type JobControl, type JobHandler, type JobOutcome, type JobWorker, startJobWorker } from './job-worker';
