import { request as httpRequest } from 'node:http';

/** A change as the stream announces it (`data:` of an event without `event:`). */
export interface StreamEvent {
  resource: string;
  id: number;
  version: number;
}

/** One open `GET /api/events` stream, read as EventSource would; `onEvent` gets each change and its arrival time. */
export interface OpenStream {
  close(): void;
}

/**
 * Opens a stream with a ticket and resolves once the server has answered 200 and sent its `retry:`
 * line (the stream is then in the server's set). Each change is timed on arrival, before it is parsed.
 */
export function openStream(
  base: string,
  ticket: string,
  onEvent: (event: StreamEvent, arrivedAt: number) => void,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let text = '';
    let opened = false;
    const req = httpRequest(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/events: HTTP ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const arrivedAt = performance.now();
        text += chunk;
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
          if (block.startsWith('retry:') && !opened) {
            opened = true;
            resolve({ close: () => req.destroy() });
            continue;
          }
          // Presence frames (`event: presence`) and heartbeats (`: ping`) are not changes.
          if (block.includes('\nevent:') || block.startsWith('event:')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) onEvent(JSON.parse(data.slice(6)) as StreamEvent, arrivedAt);
        }
      });
    });
    req.on('error', (error) => {
      if (!opened) reject(error);
    });
    req.end();
  });
}
