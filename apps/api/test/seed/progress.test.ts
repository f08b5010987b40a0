import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/seed/progress';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  const stream = { isTTY, write: (text: string) => writes.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, writes };
}

describe('createProgress', () => {
  it('prints whole lines at most every five seconds into a log, with rows, percent and rate', () => {
    const { stream, writes } = fakeStream(false);
    let t = 0;
    const progress = createProgress({ label: 'users', total: 1000, stream, now: () => t });
    t = 1000;
    progress.advance(100);
    expect(writes).toEqual([]);
    t = 5000;
    progress.advance(400);
    progress.done();
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/^users: 500 \/ 1\s000 \(50\.0%\), 100 rows\/s, 5\.0 s\n$/);
    expect(writes[1]).toMatch(/\(50\.0%\)/);
  });

  it('redraws one line with \\r on a terminal and ends it when done', () => {
    const { stream, writes } = fakeStream(true);
    let t = 0;
    const progress = createProgress({ label: 'users', total: 10, stream, now: () => t });
    t = 200;
    progress.advance(10);
    progress.done();
    expect(writes.every((line) => line.startsWith('\r'))).toBe(true);
    expect(writes.at(-1)).toMatch(/100\.0%.*\n$/);
  });
});
