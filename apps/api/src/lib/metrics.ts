import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from './http-errors';
import { within } from './within';

/** One sample of a gauge read at scrape time: its labels (bounded sets only) and its value. */
export interface GaugeSample<L extends string> {
  labels: Record<L, string>;
  value: number;
}

export interface GaugeOptions<L extends string> {
  /** `pult_<what>_<unit>`, e.g. `pult_backup_last_success_timestamp_seconds`. */
  name: string;
  help: string;
  labelNames?: readonly L[];
  /**
   * Read at each scrape: one number for a gauge without labels, or one sample per label set (a label
   * set missing from the answer has no sample this scrape). A throw, or no answer within 2 s, leaves
   * the gauge without samples for that scrape and is reported to `onReadError`: one failing source
   * (the database down) never fails the whole scrape or hides the other series.
   */
  read: () => number | readonly GaugeSample<L>[] | Promise<number | readonly GaugeSample<L>[]>;
}

/**
 * The app's Prometheus metrics (GET /metrics, docs/operations.md). One registry per app: the tests
 * build many apps in one process, and a metric registered twice in one registry throws. Services
 * reach it as `ctx.deps.metrics`, job handlers as `setup.deps.metrics`, plugins as `app.metrics`.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every answer, by method, route pattern (`/api/users/:id`, `unmatched`) and status (plugins/metrics.ts). */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** A job stopped as failed (its attempts spent, or its handler said so), by kind. */
  readonly jobsFailed: Counter<'kind'>;
  /** Push deliveries answered by the provider: `sent`, `failed`, `unregistered`, `retry`. */
  readonly pushDeliveries: Counter<'provider' | 'result'>;
  /** Planner redemptions: `success` or the refusal's error code (`code_used`, `rate_limited`, …). */
  readonly promoRedemptions: Counter<'result'>;
  /** Staff sign-ins: `success` or the refusal's error code (`invalid_credentials`, `rate_limited`, …). */
  readonly signins: Counter<'result'>;
  /**
   * Adds a gauge whose value is read when Prometheus scrapes, the way to expose a state another part
   * of the app keeps (jobs waiting, the pool, the last backup). Call it once per app, where the app is
   * built (a plugin, like plugins/jobs.ts): a name registered twice in one registry throws.
   *
   *   app.metrics.gauge({
   *     name: 'pult_backup_last_success_timestamp_seconds',
   *     help: 'When the last backup finished, in Unix seconds (0: none yet)',
   *     read: async () => ((await lastBackup(app.db))?.finishedAt.getTime() ?? 0) / 1000,
   *   });
   */
  gauge<L extends string = never>(options: GaugeOptions<L>): Gauge<L>;
}

/** Up to 10 s; the p99 alert reads the 0.1–1 s buckets (docs/operations.md). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape-time read gets this long: Prometheus' own scrape timeout is 10 s by default. */
const GAUGE_READ_MS = 2000;

/**
 * A new registry with Pult's series. `nodeDefaults` adds prom-client's process and Node metrics
 * (CPU, memory, event loop lag, GC); only an app that serves /metrics turns them on, since the event
 * loop monitor runs from then on.
 */
export function createMetrics(options: {
  nodeDefaults: boolean;
  onReadError?: (gauge: string, error: unknown) => void;
}): Metrics {
  const registry = new Registry();
  if (options.nodeDefaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    jobsFailed: new Counter({
      name: 'pult_jobs_failed_total',
      help: 'Background jobs stopped as failed (they wait for an admin to retry them)',
      labelNames: ['kind'],
      registers,
    }),
    pushDeliveries: new Counter({
      name: 'pult_push_deliveries_total',
      help: "Push deliveries by provider and the provider's answer",
      labelNames: ['provider', 'result'],
      registers,
    }),
    promoRedemptions: new Counter({
      name: 'pult_promo_redemptions_total',
      help: 'Promo code redemptions by the planner app, by result',
      labelNames: ['result'],
      registers,
    }),
    signins: new Counter({
      name: 'pult_signins_total',
      help: 'Sign-ins with e-mail and password, by result',
      labelNames: ['result'],
      registers,
    }),
    gauge<L extends string = never>({ name, help, labelNames, read }: GaugeOptions<L>): Gauge<L> {
      return new Gauge<L>({
        name,
        help,
        labelNames: labelNames ?? [],
        registers,
        async collect() {
          this.reset();
          try {
            const value = await within(GAUGE_READ_MS, Promise.resolve().then(read));
            if (typeof value === 'number') this.set(value);
            else for (const sample of value) this.set(sample.labels as Partial<Record<L, string>>, sample.value);
          } catch (error) {
            this.reset();
            options.onReadError?.(name, error);
          }
        },
      });
    },
  };
}

/** What an outcome is counted as: `success`, the refusal's stable error code in lower case, or `error`. */
const resultOf = (error: unknown) => (error instanceof HttpError ? error.code.toLowerCase() : 'error');

/**
 * Runs `work` and counts its outcome on `counter`. The labels are bounded: error codes are a fixed
 * list in the contract (errors.ts), never a message or an input.
 */
export async function countOutcome<T>(
  counter: Counter<'result'>,
  work: () => Promise<T>,
  /** A result that is neither a success nor a refusal (a sign-in waiting for its second factor). */
  resultOfValue: (value: T) => string = () => 'success',
): Promise<T> {
  try {
    const value = await work();
    counter.inc({ result: resultOfValue(value) });
    return value;
  } catch (error) {
    counter.inc({ result: resultOf(error) });
    throw error;
  }
}
