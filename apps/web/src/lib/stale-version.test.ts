import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { staleRecordOf } from './stale-version';

describe('a save refused for a stale version', () => {
  it('answers the record as it is now, and null for any other failure', () => {
    const body = { statusCode: 412, error: 'Precondition Failed', code: 'STALE_VERSION' as const, message: 'x' };
    expect(staleRecordOf(new ApiError(412, { ...body, current: { id: 1, version: 3 } }))).toEqual({
      id: 1,
      version: 3,
    });
    expect(staleRecordOf(new ApiError(409, { ...body, statusCode: 409, code: 'CONFLICT' }))).toBeNull();
    expect(staleRecordOf(new Error('network'))).toBeNull();
  });
});
