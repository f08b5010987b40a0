/** Attempts a job gets when its kind does not say otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * A kind of background work, declared once beside its handler: its name (the `jobs.kind` column) and
 * how many attempts a job of it gets before it is `failed` and waits for a person (docs/decisions/0017).
 */
export interface JobKind {
  readonly name: string;
  /** Claims (runs) in a row without progress; a run that returns `later` starts the count again. */
  readonly maxAttempts: number;
}

export const jobKind = (name: string, options: { maxAttempts?: number } = {}): JobKind => ({
  name,
  maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
});
