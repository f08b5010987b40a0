import { describe, expect, it } from 'vitest';
import { type ExportProgress, readWithProgress } from './export-users';

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

describe('export stream reading', () => {
  it('reports bytes and data rows as chunks arrive and returns the whole file', async () => {
    const seen: ExportProgress[] = [];
    const blob = await readWithProgress(
      streamOf('\uFEFFid;email\r\n1;a@x.ru\r\n', '2;b@x.ru\r\n3;', 'c@x.ru\r\n'),
      'text/csv',
      (progress) => seen.push(progress),
    );
    expect(seen.map((progress) => progress.rows)).toEqual([1, 2, 3]);
    expect(seen.at(-1)?.bytes).toBe(blob.size);
    expect(await blob.text()).toContain('3;c@x.ru');
  });
});
