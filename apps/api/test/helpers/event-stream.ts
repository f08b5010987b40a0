import { expect } from 'vitest';

/** One Server-Sent Events frame as the browser's EventSource parses it. */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** An open `GET /api/events` stream, read frame by frame as the browser's EventSource would. */
export async function openEventStream(base: string, ticket: string, headers: Record<string, string> = {}, query = '') {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}${query}`, {
    headers,
    signal: abort.signal,
  });
  const frames: Frame[] = [];
  let text = '';
  const waiters: (() => void)[] = [];
  if (response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
          let end = text.indexOf('\n\n');
          while (end >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const frame: Frame = {};
            for (const line of block.split('\n')) {
              const at = line.indexOf(': ');
              if (line.startsWith(':') || at < 0) continue;
              frame[line.slice(0, at) as keyof Frame] = line.slice(at + 2);
            }
            if (frame.data !== undefined) frames.push(frame);
            end = text.indexOf('\n\n');
          }
          for (const wake of waiters.splice(0)) wake();
        }
      } catch {
        // aborted
      }
    })();
  }
  const until = async (check: (all: Frame[]) => boolean) => {
    expect(response.status).toBe(200);
    while (!check(frames)) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { response, frames, until, close: () => abort.abort() };
}

/** A frame's event. */
export const frameData = (frame: Frame) => JSON.parse(frame.data ?? '{}');
