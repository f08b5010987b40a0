import { demoPlans, type PlanInfo, planSource } from './generate-plans';
import { generateSubscriptions, subscriptionSource } from './generate-subscriptions';
import { generateTransactions, transactionSource } from './generate-transactions';
import { createProgress } from './progress';
import type { SeedTarget } from './seed-target';
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

export interface BillingInput extends StageOptions {
  count: number;
  pool: UserPool;
  plans: readonly PlanInfo[];
}

export async function seedSubscriptions(target: SeedTarget, input: BillingInput): Promise<number> {
  const firstId = (await target.maxId('subscriptions')) + 1;
  const rows = generateSubscriptions({ ...input, firstId });
  await target.load(subscriptionSource(rows, input.count), progressFor('subscriptions', input.count, input));
  await target.finish('subscriptions');
  return input.count;
}

export async function seedTransactions(target: SeedTarget, input: BillingInput): Promise<number> {
  const firstId = (await target.maxId('transactions')) + 1;
  const rows = generateTransactions({ ...input, firstId });
  await target.load(transactionSource(rows, input.count), progressFor('transactions', input.count, input));
  await target.finish('transactions');
  return input.count;
}
