import { COHORT_MAX_AGE, type CohortRow, type CohortsQuery, type CohortsResponse } from '@pult/contract';
import type { ServiceContext } from '../../lib/service-context';
import { currentSettings } from '../settings';
import { cohortsRepository as repo } from './cohorts-repository';
import { dayOf } from './moscow-day';

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Cohorts and realised LTV (docs/decisions/0046), from the rollup the job rebuilds. */
export const cohortsService = {
  grid: async (ctx: ServiceContext, query: CohortsQuery): Promise<CohortsResponse> => {
    const today = dayOf(ctx.clock.now());
    const { analytics: policies } = await currentSettings(ctx);
    const [sums, asOf] = await Promise.all([repo.sums(ctx.db, query.by, today, policies.refunds), repo.asOf(ctx.db)]);
    const byCohort = new Map<string, Map<number, (typeof sums)[number]>>();
    for (const sum of sums) {
      const ages = byCohort.get(sum.cohort) ?? new Map();
      ages.set(sum.age, sum);
      byCohort.set(sum.cohort, ages);
    }
    const series =
      query.by === 'promoSeries'
        ? new Map((await repo.seriesNames(ctx.db, [...byCohort.keys()].map(Number))).map((s) => [String(s.id), s]))
        : new Map<string, { name: string; createdAt: string }>();
    const items: CohortRow[] = [...byCohort.entries()].map(([key, ages]) => {
      const whole = ages.get(0);
      const size = whole?.eligible ?? 0;
      const revenue = whole?.revenue ?? 0;
      const cells = Array.from({ length: COHORT_MAX_AGE }, (_, i) => {
        const cell = ages.get(i + 1);
        const eligible = cell?.eligible ?? 0;
        const retained = cell?.retained ?? 0;
        return {
          age: i + 1,
          eligible,
          retained,
          share: ratio(retained, eligible),
          ltv: ratio(cell?.revenue ?? 0, eligible),
        };
      });
      return { key, label: series.get(key)?.name ?? key, size, revenue, ltv: ratio(revenue, size) ?? 0, cells };
    });
    if (query.by === 'month') items.sort((a, b) => a.key.localeCompare(b.key));
    else items.sort((a, b) => Number(b.key) - Number(a.key));
    return { by: query.by, asOf, today, policies, items };
  },
};
