import type { ErrorCode, FieldErrors } from '@pult/contract';

/**
 * An error a route or service throws on purpose. The error plugin turns it into the one error
 * shape `{ statusCode, error, code, message, errors? }` (docs/decisions/0011).
 * `code` is what clients act on; `message` is for people and logs and may be reworded.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More of the answer beside the error shape's fields (412's `current`). */
    readonly extra?: { current?: Record<string, unknown> },
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, errors?: FieldErrors) =>
  new HttpError(400, code, message, errors);
export const unauthorized = (code: ErrorCode = 'UNAUTHENTICATED', message = 'Authentication required') =>
  new HttpError(401, code, message);
export const forbidden = (code: ErrorCode = 'FORBIDDEN', message = 'Not allowed for your role') =>
  new HttpError(403, code, message);
export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found') => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, message: string, errors?: FieldErrors) =>
  new HttpError(409, code, message, errors);

/** 429 RATE_LIMITED with Retry-After: the atomic limiter (lib/rate-limit.ts) said no. */
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts, try again later') =>
  new HttpError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
