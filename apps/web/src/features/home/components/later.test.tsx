// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Later } from './later';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** jsdom has neither `requestIdleCallback` nor `IntersectionObserver`: the parts come on the timer, in turn. */
describe('Later', () => {
  it('keeps the placeholder until its turn, draws one part per idle moment, in order, and keeps them drawn', async () => {
    vi.useFakeTimers();
    const view = (ready: boolean) => (
      <>
        <Later ready={ready} placeholder={<span>first placeholder</span>}>
          <span>first part</span>
        </Later>
        <Later ready={ready} placeholder={<span>second placeholder</span>}>
          <span>second part</span>
        </Later>
      </>
    );
    const { rerender } = render(view(false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    // Held back until ready (the dashboard's answer).
    expect(screen.getByText('first placeholder')).toBeTruthy();
    expect(screen.getByText('second placeholder')).toBeTruthy();

    rerender(view(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(screen.getByText('first part')).toBeTruthy();
    expect(screen.getByText('second placeholder')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(screen.getByText('second part')).toBeTruthy();

    // Drawn once, a part stays drawn.
    rerender(view(false));
    expect(screen.getByText('first part')).toBeTruthy();
    expect(screen.getByText('second part')).toBeTruthy();
  });
});
