// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../test/fake-match-media';
import { useMediaQuery } from './use-media-query';

/** A window whose width the test sets, answering `(min-width: Npx)` queries as a browser would. */
const windowWidth = (initial: number) => {
  let width = initial;
  const media = fakeMatchMedia((query) => {
    const min = /\(min-width: (\d+)px\)/.exec(query);
    return min ? width >= Number(min[1]) : false;
  });
  return {
    resize(next: number) {
      width = next;
      media.changed();
    },
    listeners: media.listeners,
  };
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useMediaQuery', () => {
  it('answers on the first render, so a layout that depends on it draws once on mount', () => {
    windowWidth(1280);
    const renders: boolean[] = [];
    const Probe = () => {
      const wide = useMediaQuery('(min-width: 992px)');
      renders.push(wide);
      return <span>{wide ? 'wide' : 'narrow'}</span>;
    };
    render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
    // antd's Grid.useBreakpoint answered {} first and drew again once subscribed: [undefined, true].
    expect(renders).toEqual([true]);
  });

  it('follows the window as it changes, and lets go of the query on unmount', () => {
    const window = windowWidth(1280);
    const Probe = () => <span>{useMediaQuery('(min-width: 992px)') ? 'wide' : 'narrow'}</span>;
    const { unmount } = render(<Probe />);
    act(() => window.resize(800));
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => window.resize(1000));
    expect(screen.getByText('wide')).toBeTruthy();
    unmount();
    expect(window.listeners.size).toBe(0);
  });
});
