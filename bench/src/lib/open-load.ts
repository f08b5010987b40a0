import http from 'node:http';
import https from 'node:https';
import type { LoadRequest, LoadResult } from './load';
import { summarize } from './percentiles';

export interface OpenLoadOptions {
  url: string;
  request: LoadRequest;
  /** Requests per second, evenly spaced: one every 1000 / rate ms. */
  rate: number;
  durationSeconds: number;
  timeoutMs?: number;
  /** Stops sending when aborted (a load that runs "while something else happens"); the answers still count. */
  stop?: AbortSignal;
  /** An answer other than 2xx that is the point of the scenario (304 to a revalidation), not a failure. */
  expectStatus?: number;
  /** Builds the i-th request afresh (another user to change each time); else `request` is repeated. */
  next?: (index: number) => LoadRequest;
}

export interface OpenLoadResult extends LoadResult {
  /** The most requests that were waiting for an answer at once. */
  maxInFlight: number;
  /**
   * The slowest answers with the wall-clock instant each was due: a tail's cause is found by setting
   * these beside what the server and the database were doing then (its jobs' log, PostgreSQL's log).
   */
  slowest: { due: string; ms: number }[];
}

/** How many of the slowest answers a result names: p99 of a 40 s run at 20 req/s is the 8th slowest. */
const SLOWEST = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a browser (and `fetch`, which this client replaced) asks for unless the scenario says otherwise:
 * the server compresses as it would for the SPA. The bytes are drained, not unpacked.
 */
function withBrowserEncoding(headers: Record<string, string> | undefined): Record<string, string> {
  const own = headers ?? {};
  const named = Object.keys(own).some((name) => name.toLowerCase() === 'accept-encoding');
  return named ? own : { ...own, 'accept-encoding': 'gzip, deflate, br' };
}

/**
 * An open model: requests leave on a fixed schedule whether or not earlier ones were answered, and
 * each latency counts from the moment its request was due (so a stalled server cannot hide its queue:
 * no "coordinated omission"). autocannon's `overallRate` is not this: each connection sends its share
 * of a second back to back and then waits for the next second, so "100 req/s on 10 connections" is
 * bursts of 10 concurrent requests, and the latency it reports is mostly their queueing.
 */
export async function runOpenLoad(options: OpenLoadOptions): Promise<OpenLoadResult> {
  // Node's own HTTP client on keep-alive connections, the body drained, never kept: `fetch`
  // (undici's web streams and arrayBuffer) cost the bench more than the server spent on a 124 kB answer,
  // and its garbage (a major GC every ~0.35 s at 100 req/s) landed in the latencies it measured.
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const send1 = (
    url: string,
    method: string,
    headers: Record<string, string> | undefined,
    body: string | undefined,
    timeoutMs: number,
  ) =>
    new Promise<number>((resolve, reject) => {
      const secure = url.startsWith('https:');
      const request = (secure ? https : http).request(
        url,
        { method, headers: withBrowserEncoding(headers), agent: secure ? agents.https : agents.http },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.setTimeout(timeoutMs, () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(body);
    });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.durationSeconds);
  const latencies: number[] = [];
  const timed: { due: number; ms: number }[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const send = async (due: number, index: number) => {
    const { method, path, headers, body } = options.next ? options.next(index) : options.request;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const status = await send1(`${options.url}${path}`, method, headers, body, options.timeoutMs ?? 30_000);
      const ms = performance.now() - due;
      latencies.push(ms);
      timed.push({ due, ms });
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if ((status < 200 || status >= 300) && status !== options.expectStatus) non2xx++;
    } catch {
      errors++;
    } finally {
      inFlight--;
    }
  };

  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total && !options.stop?.aborted; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (options.stop?.aborted) break;
    pending.push(send(due, i));
  }
  await Promise.all(pending);
  agents.http.destroy();
  agents.https.destroy();
  const seconds = (performance.now() - started) / 1000;
  return {
    total: latencies.length,
    perSecond: Math.round((latencies.length / seconds) * 10) / 10,
    seconds: Math.round(seconds * 100) / 100,
    latencyMs: summarize(latencies),
    errors,
    non2xx,
    statusCodes,
    maxInFlight,
    slowest: timed
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST)
      .map(({ due, ms }) => ({
        due: new Date(performance.timeOrigin + due).toISOString(),
        ms: Math.round(ms * 100) / 100,
      })),
  };
}
