import type { PlanInfo } from './generate-plans';
import {
  generatePromoCodes,
  type PromoTally,
  promoCodeSource,
  promoCountersSource,
  promoSeriesRows,
  promoSeriesSource,
} from './generate-promo';
import { createProgress } from './progress';
import type { StageOptions } from './seed-billing';
import type { SeedTarget } from './seed-target';
import { staffAccounts } from './staff';
import type { UserPool } from './user-pool';

export interface PromoInput extends StageOptions {
  codes: number;
  pool: UserPool;
  plans: readonly PlanInfo[];
}

/**
 * Series already generated (as if the background worker had finished them), their codes, and
 * counters that agree with the codes: what the series list and the activated list read.
 */
export async function seedPromo(target: SeedTarget, input: PromoInput): Promise<{ series: number; codes: number }> {
  const admin = staffAccounts.find((account) => account.role === 'admin')?.email ?? '';
  const [creator] = await target.query<{ id: number }>(
    `SELECT id FROM users WHERE email = '${admin.replaceAll("'", "''")}'`,
  );
  const series = promoSeriesRows({
    totalCodes: input.codes,
    firstId: (await target.maxId('promo_series')) + 1,
    plans: input.plans,
    createdBy: creator?.id ?? null,
    seed: input.seed,
    now: input.now,
  });
  const stream = input.progressStream ? { stream: input.progressStream } : {};
  await target.load(
    promoSeriesSource(series),
    createProgress({ label: 'promo series', total: series.length, ...stream }),
  );
  await target.finish('promo_series');

  const tally: PromoTally = new Map();
  const codes = generatePromoCodes({
    series,
    firstId: (await target.maxId('promo_codes')) + 1,
    pool: input.pool,
    seed: input.seed,
    now: input.now,
    tally,
  });
  await target.load(
    promoCodeSource(codes, input.codes),
    createProgress({ label: 'promo codes', total: input.codes, ...stream }),
  );
  await target.finish('promo_codes');
  await target.load(
    promoCountersSource(tally),
    createProgress({ label: 'promo counters', total: tally.size, ...stream }),
  );
  await target.query('ANALYZE promo_series_counters');
  return { series: series.length, codes: input.codes };
}
