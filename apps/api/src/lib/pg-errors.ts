import { type ErrorCode, errorCode } from '@pult/contract';
import { conflict, type HttpError, notFound } from './http-errors';

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
 * The refusals the database functions raise: SQLSTATE PU404/PU409 → the answer's status, and the
 * stable error code they name in HINT (`RAISE … USING ERRCODE = 'PU409', HINT = 'CODE_USED'`).
 */
const REFUSALS: Record<string, (code: ErrorCode, message: string) => HttpError> = {
  PU404: notFound,
  PU409: conflict,
};
const GENERIC: Record<string, ErrorCode> = { PU404: 'NOT_FOUND', PU409: 'CONFLICT' };

/** Calls a database function; its refusals become 404/409 with its code, anything else stays a failure. */
export async function withDatabaseRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const failure = pgError(error);
    const refusal = failure && REFUSALS[failure.code];
    if (!failure || !refusal) throw error;
    const named = errorCode.safeParse(failure.hint);
    throw refusal(named.success ? named.data : (GENERIC[failure.code] ?? 'CONFLICT'), failure.message);
  }
}
