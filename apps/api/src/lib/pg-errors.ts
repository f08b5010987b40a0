import { type ErrorCode, errorCode } from '@pult/contract';
import { conflict, HttpError } from './http-errors';

interface PgFailure {
  code: string;
  message: string;
  hint?: string;
}

/** The PostgreSQL error of a failed query, looking through Drizzle's wrapper (`cause`). */
function pgError(error: unknown): PgFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message, hint } = current as { code?: unknown; message?: unknown; hint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, message: String(message ?? ''), hint: typeof hint === 'string' ? hint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgError(error)?.code === '23505';

/**
 * The one "unique violation → 409" of the API: a wrapper that runs a write and answers a violated unique
 * index (a taken e-mail, title, name) as 409 with `code` and the field marked `taken`, so the form shows
 * it next to the field; any other failure stays a failure. The index decides, not a read before the
 * write, so two requests racing for one value cannot both pass.
 */
export function conflictOnUnique(code: ErrorCode, message: string, field: string) {
  return async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(code, message, { [field]: 'taken' });
      throw error;
    }
  };
}

/**
 * The refusals of the database routines (apps/api/src/db/functions) and the answer each one gets: the
 * one mapping from a routine's refusal to an HttpError. A routine names the refusal by its error code
 * (`RAISE … USING ERRCODE = 'PU409', HINT = 'CODE_USED'` in pult_grant_subscription, pult_promo_refusal;
 * `hint` in the results of the redemption batch, pult_redeem_promo_codes). Its SQLSTATE (PU404/PU409)
 * and English message are for people reading the database; test/db/routine-refusals.test.ts holds them
 * to this table.
 */
export const ROUTINE_REFUSALS = {
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  USER_DELETED: { status: 409, message: 'The user is deleted; restore the account first' },
  PLAN_NOT_FOUND: { status: 404, message: 'Plan not found' },
  PLAN_DISABLED: { status: 409, message: 'The plan is disabled; enable it before granting' },
  CODE_NOT_FOUND: { status: 404, message: 'Promo code not found' },
  CODE_BLOCKED: { status: 409, message: 'This promo code is blocked' },
  SERIES_INACTIVE: { status: 409, message: 'This promo campaign is not active' },
  SERIES_NOT_STARTED: { status: 409, message: 'This promo campaign has not started yet' },
  SERIES_ENDED: { status: 409, message: 'This promo campaign has ended' },
  CODE_USED: { status: 409, message: 'This promo code has already been used' },
} as const satisfies Partial<Record<ErrorCode, { status: 404 | 409; message: string }>>;

/** A refusal as a routine reports it: SQLSTATE, message and the error code in HINT. */
export interface RoutineRefusal {
  code: string;
  message: string;
  hint?: string | null;
}

/** SQLSTATEs of a refusal, for a HINT the table does not know (the agreements' triggers say CONFLICT). */
const REFUSAL_STATES: Record<string, { status: 404 | 409; generic: ErrorCode }> = {
  PU404: { status: 404, generic: 'NOT_FOUND' },
  PU409: { status: 409, generic: 'CONFLICT' },
};

/** The answer to a routine's refusal; undefined when it is not one (a deadlock, a bug: a failure). */
export function refusalError(refusal: RoutineRefusal): HttpError | undefined {
  const state = REFUSAL_STATES[refusal.code];
  if (!state) return undefined;
  const hint = refusal.hint ?? undefined;
  if (hint && hint in ROUTINE_REFUSALS) {
    const known = ROUTINE_REFUSALS[hint as keyof typeof ROUTINE_REFUSALS];
    return new HttpError(known.status, hint as ErrorCode, known.message);
  }
  const named = errorCode.safeParse(hint);
  return new HttpError(state.status, named.success ? named.data : state.generic, refusal.message);
}

/** Calls a database routine; its refusals become their answers (ROUTINE_REFUSALS), anything else stays a failure. */
export async function withDatabaseRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const failure = pgError(error);
    const refusal = failure && refusalError(failure);
    if (!refusal) throw error;
    throw refusal;
  }
}
