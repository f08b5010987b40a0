import { demoPlans, type PlanInfo, planSource } from './generate-plans';
import { generateSubscriptions, subscriptionSource } from './generate-subscriptions';
import { generateTransactions, transactionSource } from './generate-transactions';
import type { Progress } from './progress';
import { createProgress } from './progress';
import type { SeedTarget, SqlChunk } from './seed-target';
import { subscriptionChunks, transactionChunks } from './sql-billing';
import type { PlannerRange } from './sql-users';
import type { UserPool } from './user-pool';

export interface StageOptions {
  seed: number;
  now: Date;
  progressStream?: NodeJS.WriteStream;
}

const progressFor = (label: string, total: number, options: StageOptions) =>
  createProgress({ label, total, ...(options.progressStream ? { stream: options.progressStream } : {}) });

/** Creates the demo plans whose titles are not taken yet (a rerun adds nothing); returns the titles created. */
export async function seedPlans(target: SeedTarget, options: StageOptions): Promise<string[]> {
  const taken = new Set(
    (await target.query<{ title: string }>('SELECT lower(title) AS title FROM subscription_plans')).map((r) => r.title),
  );
  const missing = demoPlans.filter((plan) => !taken.has(plan.title.toLowerCase()));
  if (missing.length === 0) return [];
  const firstId = (await target.maxId('subscription_plans')) + 1;
  // The product (and its first plans) started with the two-year registration period.
  const since = new Date(options.now.getTime() - 730 * 86_400_000);
  await target.load(planSource(missing, firstId, since), progressFor('plans', missing.length, options));
  await target.finish('subscription_plans');
  return missing.map((plan) => plan.title);
}

/** Every plan in the database, the demo ones and any an admin made. */
export async function readPlans(target: SeedTarget): Promise<PlanInfo[]> {
  const rows = await target.query<{
    id: number;
    price: number;
    period: PlanInfo['period'];
    days: number;
    enabled: boolean;
  }>('SELECT id, price, period, duration_days AS days, enabled FROM subscription_plans ORDER BY id');
  return rows.map((r) => ({ id: r.id, price: r.price, period: r.period, durationDays: r.days, enabled: r.enabled }));
}

/**
 * Where the rows' users come from: on PostgreSQL, when every planner user is one this run generated
 * there (`planners`), the rows are generated in SQL too (sql-billing.ts); otherwise (PGlite, or an
 * appending run whose database already had planner users) the TypeScript generators draw from `pool`.
 */
export type BillingUsers = { planners: PlannerRange } | { pool: UserPool };

export type BillingInput = StageOptions & BillingUsers & { count: number; plans: readonly PlanInfo[] };

function generateInto(target: SeedTarget, table: string, chunks: readonly SqlChunk[], progress: Progress) {
  if (!target.generate) throw new Error(`${target.kind} generates no rows in SQL: seed ${table} from a user pool`);
  return target.generate(table, chunks, progress);
}

export async function seedSubscriptions(target: SeedTarget, input: BillingInput): Promise<number> {
  const firstId = (await target.maxId('subscriptions')) + 1;
  const progress = progressFor('subscriptions', input.count, input);
  if ('pool' in input) {
    const rows = generateSubscriptions({ ...input, firstId });
    await target.load(subscriptionSource(rows, input.count), progress);
  } else {
    const range = { firstId, count: input.count, users: input.planners, plans: input.plans };
    await generateInto(target, 'subscriptions', subscriptionChunks(range), progress);
  }
  await target.finish('subscriptions');
  return input.count;
}

export async function seedTransactions(target: SeedTarget, input: BillingInput): Promise<number> {
  const firstId = (await target.maxId('transactions')) + 1;
  const progress = progressFor('transactions', input.count, input);
  if ('pool' in input) {
    const rows = generateTransactions({ ...input, firstId });
    await target.load(transactionSource(rows, input.count), progress);
  } else {
    const range = { firstId, count: input.count, users: input.planners, plans: input.plans };
    await generateInto(target, 'transactions', transactionChunks(range), progress);
  }
  await target.finish('transactions');
  return input.count;
}
