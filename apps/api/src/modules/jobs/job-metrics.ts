import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { GaugeSample, Metrics } from '../../lib/metrics';

type Count = { kind: string; status: 'pending' | 'running'; n: number };

/**
 * `pult_jobs_waiting` and `pult_jobs_running` by kind, read at each scrape with one grouped query
 * over the open jobs (the status index; done and failed rows are not read). Every kind this process
 * runs has a sample, 0 included, so an alert on a kind never sees its series vanish.
 */
export function registerJobGauges(metrics: Metrics, db: Db, kinds: () => readonly string[]): void {
  let counts: Promise<Count[]> | undefined;
  // Both gauges are read in one scrape: one query answers both (the first read starts it).
  const read = (status: Count['status']) => async (): Promise<GaugeSample<'kind'>[]> => {
    counts ??= queryRows<Count>(
      db,
      sql`SELECT kind, status, count(*)::int AS n FROM jobs WHERE status IN ('pending', 'running') GROUP BY kind, status`,
    ).finally(() => setImmediate(() => (counts = undefined)));
    const rows = await counts;
    const names = new Set([...kinds(), ...rows.map((row) => row.kind)]);
    return [...names].map((kind) => ({
      labels: { kind },
      value: rows.find((row) => row.kind === kind && row.status === status)?.n ?? 0,
    }));
  };
  metrics.gauge({
    name: 'pult_jobs_waiting',
    help: 'Jobs waiting for their turn (pending: queued, scheduled or backing off), by kind',
    labelNames: ['kind'],
    read: read('pending'),
  });
  metrics.gauge({
    name: 'pult_jobs_running',
    help: 'Jobs being worked on under a lease, by kind',
    labelNames: ['kind'],
    read: read('running'),
  });
}
