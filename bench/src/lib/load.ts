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
  durationSeconds: number;
  /** Requests per second across all connections; unset means as fast as the server answers. */
  overallRate?: number;
}

export interface LoadResult {
  total: number;
  perSecond: number;
  latencyMs: LatencySummary;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/**
 * Runs autocannon and keeps every response time: its own histogram reports p97.5 but not p95,
 * and a few thousand numbers per run cost nothing to keep.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.request.method,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 30,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        requests: [
          {
            method: options.request.method,
            path: options.request.path,
            ...(options.request.headers ? { headers: options.request.headers } : {}),
            ...(options.request.body ? { body: options.request.body } : {}),
          },
        ],
      },
      (error: unknown, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const total = latencies.length;
        const statusCodes: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
        resolve({
          total,
          perSecond: Math.round((total / result.duration) * 10) / 10,
          latencyMs: summarize(latencies),
          errors: result.errors,
          non2xx: result.non2xx,
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}
