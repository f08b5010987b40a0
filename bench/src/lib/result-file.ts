import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { LatencySummary } from './percentiles';

export interface Dataset {
  users: number;
  countIsEstimate?: boolean;
  /** The `count` the measured list itself answered (subscriptions, transactions, …), when it is a list. */
  listCount?: number;
  db: 'postgres' | 'pglite';
}

/** What the scenario must achieve, and whether this run did: reviewers read `met` first. */
export interface Verdict {
  target: Record<string, number>;
  met: boolean;
}

/**
 * The machine's one-minute load average when the measured part began and when it ended: figures on this
 * shared two-core box move 2–10× with its neighbours, so every result says what it ran beside.
 */
export interface LoadAverage {
  before: number;
  after: number;
}

/** The one-minute load average now, to two decimals. */
export const loadNow = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/** The committed evidence of one load scenario run: bench/results/<scenario>.json. */
export interface ScenarioResult extends Partial<Verdict> {
  scenario: string;
  date: string;
  url: string;
  connections: number;
  durationSeconds: number;
  /** Unmeasured seconds at the same rate before the measured ones (fixed-rate scenarios). */
  warmupSeconds?: number;
  targetRate?: number;
  /** How the requests were sent: `open` = evenly spaced at targetRate, `closed` = as fast as answered. */
  loadModel: 'open' | 'closed';
  requests: { total: number; perSecond: number };
  latencyMs: LatencySummary;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** The server's CPU time (user + system) per response, with --server-pid: independent of neighbours' load. */
  serverCpuMsPerRequest?: number;
  /** CPU time of the local PostgreSQL processes per response, when PostgreSQL runs on this machine. */
  postgresCpuMsPerRequest?: number;
  /** With --database-url: the CPU time of that database's own backends per response, apart from other databases' work. */
  postgresDatabaseCpuMsPerRequest?: number;
  /** Fixed-rate scenarios: the slowest answers and the instant each was due, to set beside the server's logs. */
  slowest?: { due: string; ms: number }[];
  loadAverage: LoadAverage;
  dataset: Dataset;
  notes: string;
}

/** A scenario that is not one repeated request (generation, activation, export): its own measurements. */
export interface MeasuredResult extends Verdict {
  scenario: string;
  date: string;
  url: string;
  measurements: Record<string, unknown>;
  loadAverage: LoadAverage;
  dataset: Dataset;
  notes: string;
}

export async function writeResult(dir: string, result: ScenarioResult | MeasuredResult): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${result.scenario}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
