import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../lib/format';
import { codeShape, downloadPercent, generationPercent } from './progress';

describe('generation progress', () => {
  it('is the share of codes made, rounded down', () => {
    expect(generationPercent({ generated: 0, codesCount: 1000, generationStatus: 'pending' })).toBe(0);
    expect(generationPercent({ generated: 333, codesCount: 1000, generationStatus: 'running' })).toBe(33);
  });

  it('reaches 100 only when the series is done', () => {
    expect(generationPercent({ generated: 1000, codesCount: 1000, generationStatus: 'running' })).toBe(99);
    expect(generationPercent({ generated: 999_999, codesCount: 1_000_000, generationStatus: 'running' })).toBe(99);
    expect(generationPercent({ generated: 1000, codesCount: 1000, generationStatus: 'done' })).toBe(100);
  });

  it('never leaves 0–99 while running, whatever the counters say', () => {
    expect(generationPercent({ generated: 5000, codesCount: 1000, generationStatus: 'running' })).toBe(99);
    expect(generationPercent({ generated: 5, codesCount: 0, generationStatus: 'failed' })).toBe(0);
  });
});

describe('code shape and counts', () => {
  it('shows the prefix and the random part', () => {
    expect(codeShape('pult', 8)).toBe('PULTXXXXXXXX');
    expect(codeShape('', 3)).toBe('XXX');
    expect(codeShape(undefined, undefined)).toBe('');
  });

  it('marks estimated counts', () => {
    expect(formatCount(1234, false, 'en')).toBe('1,234');
    expect(formatCount(1234, true, 'en')).toBe('≈ 1,234');
  });

  it('knows the download percent only with a total', () => {
    expect(downloadPercent(50, 200)).toBe(25);
    expect(downloadPercent(500, 200)).toBe(100);
    expect(downloadPercent(50, null)).toBeNull();
  });
});
