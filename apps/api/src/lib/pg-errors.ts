import { conflict, type HttpError, notFound } from './http-errors';

/** The PostgreSQL error of a failed query, looking through Drizzle's wrapper (`cause`). */
function pgError(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, message: String(message ?? '') };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgError(error)?.code === '23505';

/** The refusals the database functions raise (migration 0005): SQLSTATE → the answer's status. */
const REFUSALS: Record<string, (message: string) => HttpError> = { PU404: notFound, PU409: conflict };

/** Calls a database function; its refusals become 404/409 with its message, anything else stays a failure. */
export async function withDatabaseRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const failure = pgError(error);
    const refusal = failure && REFUSALS[failure.code];
    throw refusal ? refusal(failure.message) : error;
  }
}
