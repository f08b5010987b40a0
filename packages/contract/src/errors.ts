import { z } from 'zod';
import { errorCodes, type FieldErrorCode, fieldErrorCodes } from './error-codes';

export * from './error-codes';

export const errorCode = z.enum(errorCodes);
export const fieldErrorCode = z.enum(fieldErrorCodes);

/** The one error shape every 4xx (and the bare 5xx) answers with . */
export const errorResponse = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    code: errorCode,
    message: z.string(),
    /** Field path (`email`, `where.role`) → what is wrong with it, for forms to show next to fields. */
    errors: z.record(z.string(), fieldErrorCode).optional(),
    /** With 412 STALE_VERSION: the record as it is now, so the client can show what changed. */
    current: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ErrorResponse', description: 'The one error shape of every 4xx and 5xx answer.' });
export type ErrorResponse = z.infer<typeof errorResponse>;
export type FieldErrors = Partial<Record<string, FieldErrorCode>>;
