import autocannon from 'autocannon';
import { type LatencySummary, summarize } from './percentiles';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  request: LoadRequest;
  connections: number;
  /** How long to run; ignored when `amount` is set. */
  durationSeconds: number;
  /** Stop after this many responses instead of after a duration. */
  amount?: number;
  /** Requests per second across all connections; unset means as fast as the server answers. */
  overallRate?: number;
  /** Builds every request afresh (a new promo code, another user's token); else `request` is repeated. */
  next?: () => LoadRequest;
}

export interface LoadResult {
  total: number;
  perSecond: number;
  /** Wall-clock seconds the load ran. */
  seconds: number;
  latencyMs: LatencySummary;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

export interface RunningLoad {
  /** Ends the load early (e.g. when the work it runs beside has finished); `result` then resolves. */
  stop(): void;
  result: Promise<LoadResult>;
}

const toRequest = (request: LoadRequest) => ({
  method: request.method,
  path: request.path,
  ...(request.headers ? { headers: request.headers } : {}),
  ...(request.body ? { body: request.body } : {}),
});

/**
 * Starts autocannon and keeps every response time: its own histogram reports p97.5 but not p95,
 * and a few thousand numbers per run cost nothing to keep.
 */
export function startLoad(options: LoadOptions): RunningLoad {
  const latencies: number[] = [];
  let instance: autocannon.Instance | undefined;
  const next = options.next;
  // Our own clock: autocannon's `duration` counts its one-second ticks, so a run that ends early in
  // its 21st second reports about 20.0 s and the rate comes out too high or too low by up to 5%.
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const result = new Promise<LoadResult>((resolve, reject) => {
    const started = autocannon(
      {
        url: options.url,
        method: options.request.method,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds }),
        timeout: 30,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        requests: [
          next
            ? // autocannon calls this before every request of a connection, and once more ahead of its first.
              { ...toRequest(options.request), setupRequest: () => toRequest(next()) }
            : toRequest(options.request),
        ],
      },
      (error: unknown, outcome) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const total = latencies.length;
        const seconds = (lastResponseAt - startedAt) / 1000;
        const statusCodes: Record<string, number> = {};
        for (const [code, stat] of Object.entries(outcome.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
        resolve({
          total,
          perSecond: Math.round((total / seconds) * 10) / 10,
          seconds: Math.round(seconds * 100) / 100,
          latencyMs: summarize(latencies),
          errors: outcome.errors,
          non2xx: outcome.non2xx,
          statusCodes,
        });
      },
    );
    started.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastResponseAt = performance.now();
    });
    instance = started;
  });
  return {
    stop: () => instance?.stop(),
    result,
  };
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return startLoad(options).result;
}
