import { hashPassword } from '../modules/users';
import { notesSource } from './generate-notes';
import { generateUsers, type UserRow, userSource } from './generate-users';
import { createProgress } from './progress';
import { seedAgreements } from './seed-agreements';
import { type BillingUsers, readPlans, seedPlans, seedSubscriptions, seedTransactions } from './seed-billing';
import { seedPromo } from './seed-promo';
import { seedPush } from './seed-push';
import type { SeedTarget } from './seed-target';
import { seedTelegram } from './seed-telegram';
import { type PlannerRange, plannerRange, userChunks } from './sql-users';
import { generateStaffPassword, staffAccounts, staffRows } from './staff';
import { type Stage, stageTimer } from './stage-timer';
import { loadUserPool } from './user-pool';

export interface SeedOptions {
  users: number;
  /** Rows to add; 0 or unset adds none (the CLI picks the defaults: 1.5 and 5 per user). */
  subscriptions?: number;
  transactions?: number;
  /** Promo codes in total, spread over up to ten series. */
  promoCodes?: number;
  /** Editorial notes to add (0 or unset: none). */
  notes?: number;
  reset: boolean;
  seed: number;
  now: Date;
  staffPassword?: string;
  /**
   * PostgreSQL with `reset`: load the big tables and build their indexes on this many connections,
   * committing as it goes (seed-parallel.ts); unset or 1, one transaction on one connection.
   */
  parallel?: number;
  /** With `parallel`: the owner ranges the cohort grid and the MRR movements are cut into (seed-rollups.ts). */
  ownerRanges?: number;
  /** Where the progress line goes; default stderr. */
  progressStream?: NodeJS.WriteStream;
}

export interface SeedReport {
  users: number;
  devices: number;
  reminders: number;
  pushDeliveries: number;
  subscriptions: number;
  transactions: number;
  promoSeries: number;
  promoCodes: number;
  notes: number;
  /** Agreement versions published by this run (only into a database without any) and consents recorded. */
  agreementVersions: number;
  consents: number;
  /** Demo Telegram channels created (0 when the database already had some). */
  tgChannels: number;
  plansCreated: string[];
  staffCreated: string[];
  /** Set when the password was generated here: the only time it is ever shown. */
  generatedPassword?: string;
  firstId: number;
  /** Seconds per stage (users, plans, subscriptions, …), in the order they ran. */
  stages: Record<string, number>;
  /** Tables written, for the VACUUM ANALYZE that follows the commit. */
  tables: string[];
  seconds: number;
}

function* concat<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part;
}

export async function seedUsers(target: SeedTarget, options: SeedOptions) {
  const firstId = (await target.maxId('users')) + 1;
  const existing = await target.existingEmails(staffAccounts.map((account) => account.email));
  const missing = staffAccounts.filter((account) => !existing.has(account.email));
  let staff: UserRow[] = [];
  let generatedPassword: string | undefined;
  if (missing.length > 0) {
    const password = options.staffPassword ?? generateStaffPassword();
    if (!options.staffPassword) generatedPassword = password;
    const passwordHash = await hashPassword(password);
    staff = staffRows({ accounts: missing, firstId, passwordHash, seed: options.seed, now: options.now });
  }
  const planners = plannerRange({
    firstId: firstId + staff.length,
    count: options.users,
    seed: options.seed,
    now: options.now,
  });
  const progress = (label: string, total: number) =>
    createProgress({ label, total, ...(options.progressStream ? { stream: options.progressStream } : {}) });
  if (target.generate) {
    // PostgreSQL generates the planner users itself (sql-users.ts); the staff rows carry a password hash.
    if (staff.length > 0) await target.load(userSource(staff, staff.length), progress('staff', staff.length));
    await target.generate('users', userChunks(planners), progress('users', options.users));
  } else {
    const users = generateUsers({
      count: options.users,
      firstId: planners.firstId,
      seed: options.seed,
      now: options.now,
    });
    const total = staff.length + options.users;
    await target.load(userSource(concat(staff, users), total), progress('users', total));
  }
  await target.finish('users');
  return { firstId, staffCreated: missing.map((account) => account.email), generatedPassword, planners };
}

/** Whether the database's planner users are exactly the ones this run generated (a reset run, or the first). */
async function onlyThesePlanners(target: SeedTarget, planners: PlannerRange): Promise<boolean> {
  const [row] = await target.query<{ n: number; lo: number; hi: number }>(
    "SELECT count(*)::int AS n, coalesce(min(id), 0)::int AS lo, coalesce(max(id), 0)::int AS hi FROM users WHERE role = 'user'",
  );
  return (
    planners.count > 0 &&
    row?.n === planners.count &&
    row.lo === planners.firstId &&
    row.hi === planners.firstId + planners.count - 1
  );
}

/**
 * One seed run: optionally reset, create the missing staff accounts and stream planner users, then
 * the plans (once), and subscriptions, transactions and promo codes of the planner users in the
 * database — the ones just made and any from earlier runs.
 */
export async function runSeed(target: SeedTarget, options: SeedOptions): Promise<SeedReport> {
  const { stage, stages, tables, seconds } = stageTimer();

  // Empties everything referencing users too: sessions, subscriptions, transactions, promo series and codes.
  if (options.reset) await target.reset(['users', 'jobs']);
  const seeded = await stage('users', () => seedUsers(target, options));
  const plansCreated = await stage('plans', () => seedPlans(target, options), ['subscription_plans']);
  const tgChannels = await stage('telegram', () => seedTelegram(target, options), ['tg_categories', 'tg_channels']);

  const subscriptions = options.subscriptions ?? 0;
  const transactions = options.transactions ?? 0;
  if (subscriptions + transactions > 0) {
    const plans = await readPlans(target);
    // Generated in SQL when PostgreSQL made every planner user in this run; else from the pool read back.
    const users: BillingUsers =
      target.generate && (await onlyThesePlanners(target, seeded.planners))
        ? { planners: seeded.planners }
        : { pool: await stage('user pool', () => loadUserPool(target), []) };
    const input = { ...options, ...users, plans };
    if (subscriptions > 0) {
      await stage('subscriptions', () => seedSubscriptions(target, { ...input, count: subscriptions }));
    }
    if (transactions > 0) {
      await stage('transactions', () => seedTransactions(target, { ...input, count: transactions }));
    }
  }
  const later = await seedLaterStages(target, options, stage);

  return seedReport(options, { later, seeded, tgChannels, plansCreated }, { stages, tables, seconds });
}

/** The report both seeds give (serial and --parallel): what the run asked for, what it made, and its stopwatch. */
export function seedReport(
  options: SeedOptions,
  made: {
    later: Awaited<ReturnType<typeof seedLaterStages>>;
    seeded: Awaited<ReturnType<typeof seedUsers>>;
    tgChannels: SeedReport['tgChannels'];
    plansCreated: SeedReport['plansCreated'];
  },
  timer: Pick<ReturnType<typeof stageTimer>, 'stages' | 'tables' | 'seconds'>,
): SeedReport {
  const { later, seeded, tgChannels, plansCreated } = made;
  return {
    ...later,
    users: options.users,
    subscriptions: options.subscriptions ?? 0,
    transactions: options.transactions ?? 0,
    tgChannels,
    plansCreated,
    staffCreated: seeded.staffCreated,
    ...(seeded.generatedPassword ? { generatedPassword: seeded.generatedPassword } : {}),
    firstId: seeded.firstId,
    stages: timer.stages,
    tables: timer.tables,
    seconds: timer.seconds(),
  };
}

/**
 * What follows the users and their billing: promo codes (from the pool of planner users), notes, the
 * agreements' consents and the push history; the parallel seed runs these in one transaction too.
 */
export async function seedLaterStages(target: SeedTarget, options: SeedOptions, stage: Stage) {
  const promoCodes = options.promoCodes ?? 0;
  let promo = { series: 0, codes: 0 };
  if (promoCodes > 0) {
    const pool = await stage('user pool', () => loadUserPool(target), []);
    const plans = await readPlans(target);
    promo = await stage('promo', () => seedPromo(target, { ...options, pool, plans, codes: promoCodes }), [
      'promo_series',
      'promo_codes',
      'promo_series_counters',
    ]);
  }
  const notes = options.notes ?? 0;
  if (notes > 0) await stage('notes', () => seedNotes(target, options, notes));
  const agreements = await stage('agreements', () => seedAgreements(target), ['agreements', 'agreement_consents']);
  // Phones of the planner users and a history of pushes: what the push screen and its counts read.
  const push = await stage('push', () => seedPush(target, options), ['devices', 'reminders', 'push_deliveries']);
  return {
    notes,
    promoSeries: promo.series,
    promoCodes: promo.codes,
    agreementVersions: agreements.versions,
    consents: agreements.consents,
    devices: push.devices,
    reminders: push.reminders,
    pushDeliveries: push.deliveries,
  };
}

/** Notes written by the staff accounts (an admin or editor of the demo). */
async function seedNotes(target: SeedTarget, options: SeedOptions, count: number) {
  const authors = await target.query<{ id: number }>(
    "SELECT id FROM users WHERE role IN ('admin', 'editor') ORDER BY id LIMIT 20",
  );
  const progress = createProgress({
    label: 'notes',
    total: count,
    ...(options.progressStream ? { stream: options.progressStream } : {}),
  });
  await target.load(
    notesSource({
      count,
      firstId: (await target.maxId('notes')) + 1,
      authorIds: authors.map((row) => row.id),
      seed: options.seed,
      now: options.now,
    }),
    progress,
  );
  await target.finish('notes');
}
