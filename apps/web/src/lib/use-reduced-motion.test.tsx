// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../test/fake-match-media';
import { useReducedMotion } from './use-reduced-motion';

/** A system setting the test can change, as a person would in their system's accessibility options. */
const systemSetting = (initial: boolean) => {
  let matches = initial;
  const media = fakeMatchMedia((query) => query === '(prefers-reduced-motion: reduce)' && matches);
  return {
    set(value: boolean) {
      matches = value;
      media.changed();
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
