import { describe, expect, it } from 'vitest';
import { csvCell, csvHeader, csvLine } from '../../src/lib/csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-x', "'-x"],
    // Every start a spreadsheet evaluates, including the ones that look like arithmetic.
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ['+79161234567', "'+79161234567"],
    ['-5', "'-5"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', '"\'\r=1"'],
  ])('csvCell(%j) = %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('keeps real numbers and empty values as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('joins a line with semicolons and CRLF, and starts a file with a BOM', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe("a;1;;'=x\r\n");
    expect(csvHeader(['code', 'status'])).toBe('\uFEFFcode;status\r\n');
  });
});
