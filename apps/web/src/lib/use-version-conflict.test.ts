// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useVersionConflict } from './use-version-conflict';

type Rec = {
  id: number;
  title: string;
  version: number;
};
const stale = (current: Rec) =>
  new ApiError(412, {
    statusCode: 412,
    error: 'Precondition Failed',
    code: 'STALE_VERSION',
    message: 'stale',
    current,
  });
const taken = new ApiError(409, { statusCode: 409, error: 'Conflict', code: 'PLAN_TITLE_TAKEN', message: 'taken' });

describe('useVersionConflict', () => {
  it('opens on a stale version only, with the record now and what the person tried to save', () => {
    const { result } = renderHook(() => useVersionConflict<Rec, { title: string }>());
    act(() => {
      expect(result.current.catchStale(taken, { title: 'Mine' })).toBe(false);
    });
    expect(result.current.conflict).toBeNull();
    act(() => {
      expect(result.current.catchStale(stale({ id: 1, title: 'Theirs', version: 4 }), { title: 'Mine' })).toBe(true);
    });
    expect(result.current.conflict).toEqual({ now: { id: 1, title: 'Theirs', version: 4 }, values: { title: 'Mine' } });
    act(() => result.current.close());
    expect(result.current.conflict).toBeNull();
  });

  it('«keep mine» sends the same values over the newer record; a third save reopens over it, another refusal closes and reports', async () => {
    const { result } = renderHook(() => useVersionConflict<Rec, { title: string }>());
    act(() => {
      result.current.catchStale(stale({ id: 1, title: 'Theirs', version: 4 }), { title: 'Mine' });
    });
    const onError = vi.fn();
    const save = vi.fn().mockRejectedValueOnce(stale({ id: 1, title: 'Third', version: 5 }));
    act(() => result.current.keepMine(save, onError));
    expect(save).toHaveBeenCalledWith({ now: { id: 1, title: 'Theirs', version: 4 }, values: { title: 'Mine' } });
    await waitFor(() => expect(result.current.conflict?.now.version).toBe(5));
    // The person's own values stay what they typed, not a merge.
    expect(result.current.conflict?.values).toEqual({ title: 'Mine' });
    expect(onError).not.toHaveBeenCalled();

    save.mockRejectedValueOnce(taken);
    act(() => result.current.keepMine(save, onError));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(taken));
    expect(result.current.conflict).toBeNull();
  });
});
