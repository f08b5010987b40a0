import { get, type IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { api, pathOf } from '../lib/api';
import { watchRss } from '../lib/rss';
import type { MeasuredScenario } from './scenario';

/**
 * The whole users table as CSV, read as a stream and counted (bytes, lines), never held: the time
 * an admin waits and what the export costs the server in memory.
 */
export const usersExportScenario: MeasuredScenario = {
  name: 'users-export',
  mode: { kind: 'measured' },
  target: { seconds: 10, rssGrowthMb: 50 },
  notes:
    'GET /api/users/export-data (admin, no filter): every user as CSV. Time to first byte and to the last, bytes and rows counted from the stream; RSS is the server’s VmRSS sampled every 100 ms (--server-pid).',
  async run({ options, token, firstPage }) {
    const rss = options.serverPid ? await watchRss(options.serverPid) : undefined;
    const started = performance.now();
    const body = await download(`${options.url}${pathOf(api.users.exportData)}`, token);
    let firstByteMs: number | undefined;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.byteLength;
      // indexOf, not a byte loop: counting 190 MB one byte at a time cost the bench seconds of CPU
      // on the machine the server shares.
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
    }
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    const memory = await rss?.stop();
    const rows = lines - 1;
    return {
      measurements: {
        seconds,
        firstByteMs: Math.round(firstByteMs ?? 0),
        rows,
        megabytes: Math.round(bytes / 1e5) / 10,
        rowsPerSecond: Math.round(rows / seconds),
        serverRss: memory ?? 'not measured: pass --server-pid',
      },
      listCount: rows,
      met: seconds <= 10 && (memory?.growthMb ?? Number.POSITIVE_INFINITY) <= 50 && rows >= firstPage.count * 0.99,
    };
  },
};

/**
 * The export as a browser receives it: compressed (brotli or gzip, as a browser accepts), inflated by
 * native zlib piped from the socket. Not `fetch`: undici's fetch spends seconds of JavaScript per
 * hundred megabytes in its web streams (nodejs/undici#2014); here it took 13–40 s and 6–24 s of the
 * bench's CPU for the body `node:http` and zlib read in 6 s with 1.3 s, on the two cores the server
 * shares, so it measured the client.
 */
function download(url: string, token: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { 'api-token': token, 'accept-encoding': 'br, gzip' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`export: HTTP ${response.statusCode}`));
        return;
      }
      resolve(inflated(response));
    });
    request.on('error', reject);
  });
}

/** The body, inflated; `pipeline`, not `pipe`, so a connection cut mid-body fails the read instead of hanging it. */
function inflated(response: IncomingMessage): Readable {
  const encoding = response.headers['content-encoding'];
  const inflate = encoding === 'br' ? createBrotliDecompress() : encoding === 'gzip' ? createGunzip() : undefined;
  return inflate ? pipeline(response, inflate, () => {}) : response;
}
