import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import type { SeedOptions, SeedReport } from './run-seed';
import { seedDatabase } from './seed-database';

const usage = `Usage: npm run seed -- --users N [--reset] [--seed N] [--staff-password P] [--now ISO]

  --users N            planner users to generate (e.g. 1000000)
  --reset              empty users and everything referencing them first; else append
  --seed N             PRNG seed: the same seed (and --now) gives the same data (default 1)
  --staff-password P   password of the demo staff (admin1@pult.demo …); else generated and printed once
  --now ISO            end of the two-year registration period (default: now)

Database: DATABASE_URL (PostgreSQL, loaded with COPY) or else PGlite under DATA_DIR/pglite.`;

function parseOptions(argv: string[]): SeedOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      'staff-password': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const users = Number(values.users);
  const seed = Number(values.seed);
  const now = values.now ? new Date(values.now) : new Date();
  const password = values['staff-password'];
  if (!Number.isSafeInteger(users) || users < 0) throw new Error(`--users must be a whole number\n\n${usage}`);
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be a whole number');
  if (Number.isNaN(now.getTime())) throw new Error('--now must be an ISO date');
  // The same floor as ADMIN_PASSWORD in env.ts, so the server accepts what we seed.
  if (password !== undefined && password.length < 8) throw new Error('--staff-password needs at least 8 characters');
  return { users, seed, now, reset: values.reset, ...(password ? { staffPassword: password } : {}) };
}

async function seed(options: SeedOptions): Promise<{ report: SeedReport; where: string }> {
  const env = loadEnv();
  const pgliteDir = join(env.dataDir, 'pglite');
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir });
  try {
    const report = await seedDatabase(database, options);
    return { report, where: database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : pgliteDir };
  } finally {
    await database.close();
  }
}

try {
  const { report, where } = await seed(parseOptions(process.argv.slice(2)));
  console.log(`Seeded ${report.users.toLocaleString('ru-RU')} users into ${where} in ${report.seconds.toFixed(1)} s.`);
  if (report.staffCreated.length > 0) {
    console.log(`Staff accounts created: ${report.staffCreated.join(', ')}`);
    if (report.generatedPassword) {
      console.log(`Their shared password (shown once, not stored anywhere): ${report.generatedPassword}`);
    }
  } else {
    console.log('Staff accounts already exist; their password is unchanged.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
