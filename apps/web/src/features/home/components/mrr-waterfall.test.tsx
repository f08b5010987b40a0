// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axisTicks, MrrWaterfall, waterfallSteps } from './mrr-waterfall';

afterEach(cleanup);

const data = {
  mrrOpening: 1_000_000,
  mrrMovements: {
    new: 300_000,
    expansion: 50_000,
    reactivation: 0,
    contraction: -20_000,
    churn: -130_000,
    net: 200_000,
  },
};

describe('waterfallSteps', () => {
  it('stacks each movement on the level before it, gains up and losses down, from the opening to the closing MRR', () => {
    expect(waterfallSteps(data).map(({ key, base, value, tone }) => [key, base, value, tone])).toEqual([
      ['opening', 0, 1_000_000, 'total'],
      ['new', 1_000_000, 300_000, 'up'],
      ['expansion', 1_300_000, 50_000, 'up'],
      ['reactivation', 1_350_000, 0, 'up'],
      ['contraction', 1_330_000, 20_000, 'down'],
      ['churn', 1_200_000, 130_000, 'down'],
      ['closing', 0, 1_200_000, 'total'],
    ]);
  });
});

describe('axisTicks', () => {
  it('covers the values at a round step from zero', () => {
    expect(axisTicks(0, 13_500)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(axisTicks(0, 100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(0, 7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('reaches below zero when a level does, and has a scale when everything is zero', () => {
    expect(axisTicks(-30, 90)).toEqual([-50, 0, 50, 100]);
    expect(axisTicks(0, 0)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('MrrWaterfall', () => {
  it('names every step with its amount for readers and places each bar in percent of the axis', () => {
    const { container } = render(<MrrWaterfall data={data} />);
    const chart = screen.getByTestId('mrr-waterfall');
    // The keys stand in for the texts (no i18n instance here).
    expect(chart.textContent).toContain('home.mrr.opening');
    expect(chart.textContent).toContain('home.mrr.closing');
    const bars = [...container.querySelectorAll<HTMLElement>('.mrr-waterfall-bar')];
    expect(bars).toHaveLength(7);
    // Axis 0–15,000 ₽: the opening 10,000 ₽ fills two thirds; the churn's bar ends where the contraction's starts.
    expect(bars[0]?.style.bottom).toBe('0%');
    expect(Number.parseFloat(bars[0]?.style.height ?? '')).toBeCloseTo(66.667, 2);
    expect(bars[0]?.className).toContain('mrr-waterfall-total');
    expect(bars[5]?.className).toContain('mrr-waterfall-down');
    expect(Number.parseFloat(bars[5]?.style.bottom ?? '') + Number.parseFloat(bars[5]?.style.height ?? '')).toBeCloseTo(
      Number.parseFloat(bars[4]?.style.bottom ?? ''),
      6,
    );
    // Nothing in it takes the focus.
    expect(container.querySelectorAll('button, a, [tabindex]')).toHaveLength(0);
  });
});
