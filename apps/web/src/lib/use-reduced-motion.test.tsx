// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './use-reduced-motion';

/** A system setting the test can change, as a person would in their system's accessibility options. */
const systemSetting = (initial: boolean) => {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      matches = value;
      for (const listener of listeners) listener();
    },
  };
};

const Probe = () => <span>{useReducedMotion() ? 'reduced' : 'full'}</span>;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useReducedMotion', () => {
  it('follows the system setting, also when it changes while the app is open', () => {
    const setting = systemSetting(false);
    render(<Probe />);
    expect(screen.getByText('full')).toBeTruthy();
    act(() => setting.set(true));
    expect(screen.getByText('reduced')).toBeTruthy();
    act(() => setting.set(false));
    expect(screen.getByText('full')).toBeTruthy();
  });
});
