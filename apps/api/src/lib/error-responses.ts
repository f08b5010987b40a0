import { errorResponse } from '@pult/contract';

/** The error answers every guarded route documents (one shape), for OpenAPI. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

/** Plus the upload refusals: too large and not an accepted image. */
export const uploadErrorResponses = { ...errorResponses, 413: errorResponse, 415: errorResponse } as const;
