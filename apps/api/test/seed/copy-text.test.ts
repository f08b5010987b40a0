import { describe, expect, it } from 'vitest';
import { copyTextRow } from '../../src/seed/copy-text';

describe('copyTextRow', () => {
  it('writes nulls, dates and numbers in COPY text format', () => {
    expect(copyTextRow([1, null, new Date('2025-01-02T03:04:05Z'), true, 'Анна'])).toBe(
      '1\t\\N\t2025-01-02T03:04:05.000Z\ttrue\tАнна\n',
    );
  });

  it('escapes characters that would break the row', () => {
    expect(copyTextRow(['a\tb\nc\\d\re'])).toBe('a\\tb\\nc\\\\d\\re\n');
  });
});
