// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, useUnsavedChanges } from './unsaved-changes';

describe('useUnsavedChanges', () => {
  it('counts a form while it is dirty and mounted, and forgets it at once on release', () => {
    const first = renderHook(({ dirty }) => useUnsavedChanges(dirty), { initialProps: { dirty: false } });
    expect(hasUnsavedChanges()).toBe(false);
    first.rerender({ dirty: true });
    expect(hasUnsavedChanges()).toBe(true);

    // A second dirty form: releasing one keeps the other.
    const second = renderHook(() => useUnsavedChanges(true));
    first.result.current();
    expect(hasUnsavedChanges()).toBe(true);
    second.unmount();
    expect(hasUnsavedChanges()).toBe(false);

    // Saved, then edited again: counted again.
    first.rerender({ dirty: false });
    first.rerender({ dirty: true });
    expect(hasUnsavedChanges()).toBe(true);
    first.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
