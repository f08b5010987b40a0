import { MRR_MOVEMENTS_MAX_DAYS, type MrrMovements, type MrrMovementsQuery, mrrMovementKinds } from '@pult/contract';
import { badRequest } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { addDays, dayOf } from './moscow-day';
import { mrrMovementsRepository as repo } from './mrr-movements-repository';

/** The dashboard's default period, for a drill-down called without a range. */
const DEFAULT_DAYS = 30;

/** MRR movements (docs/decisions/0038): the sums for a range of days, and the people behind one of them. */
export const mrrMovementsService = {
  /** The period's figures from the day sums, and the MRR they start from (the waterfall's first bar). */
  sums: async (
    ctx: ServiceContext,
    from: string,
    to: string,
  ): Promise<{ movements: MrrMovements; opening: number }> => {
    const rows = await repo.sums(ctx.db, from, to);
    const totals: MrrMovements = { new: 0, expansion: 0, contraction: 0, churn: 0, reactivation: 0, net: 0 };
    for (const kind of mrrMovementKinds) totals[kind] = rows.find((row) => row.kind === kind)?.amount ?? 0;
    totals.net = mrrMovementKinds.reduce((n, kind) => n + totals[kind], 0);
    return { movements: totals, opening: rows.find((row) => row.kind === 'opening')?.amount ?? 0 };
  },

  page: async (ctx: ServiceContext, query: MrrMovementsQuery) => {
    const today = dayOf(ctx.clock.now());
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
    // The contract checks a range given whole; one end given alone meets a default here.
    if (from > to) throw badRequest('VALIDATION_FAILED', 'from is after to', { from: 'invalid' });
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MRR_MOVEMENTS_MAX_DAYS)
      throw badRequest('VALIDATION_FAILED', `at most ${MRR_MOVEMENTS_MAX_DAYS} days`, { to: 'invalid' });
    // Days to come already hold the lapses known today; a figure counts them when their day comes.
    if (from > today) return { items: [], count: 0 };
    return repo.page(ctx.db, { from, to: to > today ? today : to, kind: query.kind }, query);
  },
};
