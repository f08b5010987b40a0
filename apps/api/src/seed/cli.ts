import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import type { SeedOptions, SeedReport } from './run-seed';
import { seedDatabase } from './seed-database';

const usage = `Usage: npm run seed -- --users N [--subscriptions N] [--transactions N] [--promo-codes N] [--notes N]
                       [--reset] [--seed N] [--staff-password P] [--now ISO]

  --users N            planner users to generate (e.g. 1000000)
  --subscriptions N    subscriptions of planner users (default 1.5 per new user from 1000 users, else 0)
  --transactions N     payments, refunds and grants (default 5 per new user from 1000 users, else 0)
  --promo-codes N      promo codes over up to ten finished series, ~10% activated (default 0)
  --notes N            editorial notes in Markdown, ~60% published (default 120)
  --reset              empty users and everything referencing them first; else append
  --seed N             PRNG seed: the same seed (and --now) gives the same data (default 1)
  --staff-password P   password of the demo staff (admin1@pult.demo …); else generated and printed once
  --now ISO            end of the two-year registration period (default: now)

Database: DATABASE_URL (PostgreSQL, loaded with COPY) or else PGlite under DATA_DIR/pglite.`;

function count(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number\n\n${usage}`);
  return n;
}

function parseOptions(argv: string[]): SeedOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string' },
      subscriptions: { type: 'string' },
      transactions: { type: 'string' },
      'promo-codes': { type: 'string', default: '0' },
      notes: { type: 'string', default: '120' },
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
  // Below a thousand users the run is a quick test: nothing else unless asked for.
  const perUser = (value: string | undefined, ratio: number, name: string) =>
    count(value ?? String(users >= 1000 ? Math.round(users * ratio) : 0), name);
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be a whole number');
  if (Number.isNaN(now.getTime())) throw new Error('--now must be an ISO date');
  // The same floor as ADMIN_PASSWORD in env.ts, so the server accepts what we seed.
  if (password !== undefined && password.length < 8) throw new Error('--staff-password needs at least 8 characters');
  return {
    users,
    subscriptions: perUser(values.subscriptions, 1.5, 'subscriptions'),
    transactions: perUser(values.transactions, 5, 'transactions'),
    promoCodes: count(values['promo-codes'], 'promo-codes'),
    notes: count(values.notes, 'notes'),
    seed,
    now,
    reset: values.reset,
    ...(password ? { staffPassword: password } : {}),
  };
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
  const n = (value: number) => value.toLocaleString('ru-RU');
  console.log(
    `Seeded ${n(report.users)} users, ${n(report.subscriptions)} subscriptions, ${n(report.transactions)} transactions, ` +
      `${n(report.promoCodes)} promo codes in ${n(report.promoSeries)} series, ${n(report.notes)} notes, ` +
      `${n(report.devices)} devices and ${n(report.reminders)} pushes with ${n(report.pushDeliveries)} deliveries ` +
      `into ${where} in ${report.seconds.toFixed(1)} s.`,
  );
  console.log(
    `Stages: ${Object.entries(report.stages)
      .map(([stage, seconds]) => `${stage} ${seconds.toFixed(1)} s`)
      .join(', ')}`,
  );
  if (report.plansCreated.length > 0) console.log(`Plans created: ${report.plansCreated.join(', ')}`);
  if (report.tgChannels > 0) console.log(`Telegram channels created: ${n(report.tgChannels)}`);
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
