import { describe, expect, it } from 'vitest';
import { kopecksToRoubles, parseRoubles, roublesToKopecks } from './money';

describe('roubles ↔ kopecks', () => {
  it.each([
    [0, 0],
    [1, 100],
    [19.99, 1999],
    [1990, 199000],
    [0.01, 1],
    [1234.5, 123450],
  ])('%s ₽ is %s kopecks', (roubles, kopecks) => {
    expect(roublesToKopecks(roubles)).toBe(kopecks);
    expect(kopecksToRoubles(kopecks)).toBe(roubles);
  });

  it('rounds binary noise to a whole kopeck', () => {
    expect(roublesToKopecks(0.1 + 0.2)).toBe(30);
    expect(Number.isInteger(roublesToKopecks(1.005))).toBe(true);
  });

  it('reads what a person types, with a comma or a dot and spaces between thousands', () => {
    expect(parseRoubles('1 990,50')).toBe(1990.5);
    expect(parseRoubles('15.5')).toBe(15.5);
    expect(parseRoubles(' 100 ')).toBe(100);
  });

  it('refuses what is not a rouble amount', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', null, undefined]) expect(parseRoubles(text)).toBeUndefined();
  });
});
