// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, useLastChange } from './live-events';

describe('a live event', () => {
  it('refreshes every view of its kind of record and is remembered for its record', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const { result } = renderHook(() => useLastChange('note', 7));
    expect(result.current).toBeUndefined();
    applyLiveEvent(client, {
      resource: 'note',
      id: 7,
      action: 'update',
      version: 3,
      actor: { id: 1, name: 'Ирина Петрова' },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notes'] });
    const { result: after } = renderHook(() => useLastChange('note', 7));
    expect(after.current).toMatchObject({ version: 3, actor: { name: 'Ирина Петрова' } });
    applyLiveEvent(client, { resource: 'tg-category', id: 2, action: 'update', version: 2, actor: null });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tg-channels'] });
  });
});
