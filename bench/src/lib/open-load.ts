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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An open model: requests leave on a fixed schedule whether or not earlier ones were answered, and
 * each latency counts from the moment its request was due (so a stalled server cannot hide its queue:
 * no "coordinated omission"). autocannon's `overallRate` is not this: each connection sends its share
 * of a second back to back and then waits for the next second, so "100 req/s on 10 connections" is
 * bursts of 10 concurrent requests, and the latency it reports is mostly their queueing.
 */
export async function runOpenLoad(options: OpenLoadOptions): Promise<OpenLoadResult> {
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.durationSeconds);
  const latencies: number[] = [];
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
      const response = await fetch(`${options.url}${path}`, {
        method,
        ...(headers ? { headers } : {}),
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - due);
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
      if ((response.status < 200 || response.status >= 300) && response.status !== options.expectStatus) non2xx++;
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
  };
}
