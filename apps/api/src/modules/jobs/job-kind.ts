import type { JobProgress } from '@pult/contract';
import type { Db } from '../../db/client';

/** Attempts a job gets when its kind does not say otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** Each subject's progress by its id, read in one query for a page of jobs; subjects without any are left out. */
export type JobProgressReader = (db: Db, subjectIds: readonly number[]) => Promise<Map<number, JobProgress>>;

/**
 * What the subject does when an admin cancels its job (in the cancel's transaction): a push is
 * canceled, a series' generation stops, so no screen says "waiting" for work that will not run.
 */
export type JobCancelHook = (db: Db, subjectId: number, now: Date) => Promise<void>;

/**
 * A kind of background work, declared once beside its handler: its name (the `jobs.kind` column) and
 * how many attempts a job of it gets before it is `failed` and waits for a person (docs/decisions/0017).
 */
export interface JobKind {
  readonly name: string;
  /** Claims (runs) in a row without progress; a run that returns `later` starts the count again. */
  readonly maxAttempts: number;
  /** The subject's own progress counters, for the jobs screen. */
  readonly progress?: JobProgressReader;
  /** Run when an admin cancels a job of this kind. */
  readonly onCancel?: JobCancelHook;
}

export const jobKind = (
  name: string,
  options: { maxAttempts?: number; progress?: JobProgressReader; onCancel?: JobCancelHook } = {},
): JobKind => ({
  name,
  maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  progress: options.progress,
  onCancel: options.onCancel,
});
