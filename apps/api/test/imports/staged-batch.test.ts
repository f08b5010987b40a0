import { describe, expect, it } from 'vitest';
import { ReservedIds, StagedBatch } from '../../src/modules/imports/imports-repository';

const text = (batch: StagedBatch, ids: ReservedIds) =>
  Buffer.concat([...batch.copyText(ids)].map((chunk) => Buffer.from(chunk))).toString();

describe('a staged batch as COPY text in reused buffers', () => {
  it('hands out reserved ids run after run, then none', () => {
    const ids = new ReservedIds([
      { first: 5, n: 2 },
      { first: 10, n: 1 },
    ]);
    expect([ids.next(), ids.next(), ids.next(), ids.next()]).toEqual([5, 6, 10, undefined]);
  });

  it('writes each row once, escaped, with the next id for a valid row and \\N for a refused one, across buffers and beyond one', () => {
    const batch = new StagedBatch(7, true);
    const wide = 'Ж'.repeat(200_000); // 400 kB in UTF-8: more than one buffer
    const small = [
      { row: 1, key: 'A-1', data: { code: 'A-1' }, cells: ['A-1'], errors: null },
      {
        row: 2,
        key: null,
        data: null,
        cells: ['tab\there', 'line\nbreak'],
        errors: [{ field: 'code', code: 'invalid' }],
      },
    ];
    // 6,000 small rows fill several 256 kB buffers; the wide one needs a buffer of its own.
    for (let n = 0; n < 3000; n++) for (const row of small) batch.add({ ...row, row: row.row + 2 * n });
    batch.add({ row: 6001, key: 'B\\2', data: { code: 'B\\2' }, cells: [wide], errors: null });
    expect(batch.length).toBe(6001);
    expect(batch.valid).toBe(3001);
    expect(batch.bytes).toBeGreaterThan(400_000 + 6000 * 20);
    const lines = text(batch, new ReservedIds([{ first: 100, n: 3001 }])).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(6001);
    expect(lines[0]).toBe('7\t1\tA-1\t{"code":"A-1"}\t["A-1"]\t\\N\t100');
    expect(lines[1]).toBe(
      '7\t2\t\\N\t\\N\t["tab\\\\there","line\\\\nbreak"]\t[{"field":"code","code":"invalid"}]\t\\N',
    );
    expect(lines[5998]).toBe('7\t5999\tA-1\t{"code":"A-1"}\t["A-1"]\t\\N\t3099');
    expect(lines[6000]).toBe(`7\t6001\tB\\\\2\t{"code":"B\\\\\\\\2"}\t["${wide}"]\t\\N\t3100`);
    batch.release();
    expect(batch.length).toBe(0);
    // A batch after it takes the spare buffers and writes its own rows only.
    const next = new StagedBatch(8, true);
    next.add({ row: 1, key: 'C-1', data: { code: 'C-1' }, cells: ['C-1'], errors: null });
    expect(text(next, new ReservedIds([{ first: 1, n: 1 }]))).toBe('8\t1\tC-1\t{"code":"C-1"}\t["C-1"]\t\\N\t1\n');
  });
});
