/**
 * Compares the dashboard's daily rollups, MRR movements and cohort grid with the raw rows, and with
 * `--repair` recomputes what differs (docs/decisions/0016, 0038, 0046):
 *   npm run dashboard:check [-- --repair]
 * Exits 1 when differences were found and left, so a nightly cron can alert on it.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { checkRollups } from '../modules/dashboard';

const { values } = parseArgs({ options: { repair: { type: 'boolean', default: false } } });

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(env.dataDir, 'pglite') });
try {
  const started = performance.now();
  const result = await database.db.transaction((tx) => checkRollups(tx, new Date(), { repair: values.repair }));
  for (const d of result.differences.slice(0, 50))
    process.stdout.write(`${d.day} ${d.metric} ${d.dim || '-'}: stored ${d.stored}, actual ${d.actual}\n`);
  if (result.differences.length > 50) process.stdout.write(`… and ${result.differences.length - 50} more\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `${result.differences.length} difference(s); ${result.repairedDays} day(s), ${result.repairedOwners} customer(s) of MRR movements${result.repairedCohorts ? ' and the cohort grid' : ''} repaired; ${seconds} s\n`,
  );
  process.exitCode = result.differences.length > 0 && !values.repair ? 1 : 0;
} finally {
  await database.close();
}
