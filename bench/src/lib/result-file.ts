import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LatencySummary } from './percentiles';

/** The committed evidence of one scenario run: bench/results/<scenario>.json. */
export interface ScenarioResult {
  scenario: string;
  date: string;
  url: string;
  connections: number;
  durationSeconds: number;
  targetRate?: number;
  requests: { total: number; perSecond: number };
  latencyMs: LatencySummary;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  dataset: { users: number; countIsEstimate?: boolean; db: 'postgres' | 'pglite' };
  notes: string;
}

export async function writeResult(dir: string, result: ScenarioResult): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${result.scenario}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
