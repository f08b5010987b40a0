import { isApiError } from './api-client';

/**
 * The record as it is now when a save was refused for a stale version (412 STALE_VERSION, docs/decisions/0036):
 * someone saved it since the form was opened. Null for any other failure.
 */
export const staleRecordOf = <T>(error: unknown): T | null =>
  isApiError(error) && error.status === 412 && error.body?.code === 'STALE_VERSION' && error.body.current
    ? (error.body.current as T)
    : null;
