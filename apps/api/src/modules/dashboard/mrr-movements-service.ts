import {
  MRR_MOVEMENTS_MAX_DAYS,
  type MrrMovements,
  type MrrMovementsExportQuery,
  type MrrMovementsQuery,
  mrrMovementKinds,
  mrrMovementsCsvHeader,
} from '@pult/contract';
import { csvHeader, csvLine } from '../../lib/csv';
import { badRequest } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { addDays, dayOf } from './moscow-day';
import { mrrMovementsRepository as repo } from './mrr-movements-repository';

/** The dashboard's default period, for a drill-down called without a range. */
const DEFAULT_DAYS = 30;

const EXPORT_BATCH = 5_000;

/**
 * The days a list covers: `to` defaults to today, `from` to 29 days before `to`; at most a year; days
 * after today are cut off (they hold the lapses known today, counted when their day comes), and a range
 * wholly after today is null.
 */
export function rangeOf(
  ctx: ServiceContext,
  query: { from?: string; to?: string },
): { from: string; to: string } | null {
  const today = dayOf(ctx.clock.now());
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  // The contract checks a range given whole; one end given alone meets a default here.
  if (from > to) throw badRequest('VALIDATION_FAILED', 'from is after to', { from: 'invalid' });
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MRR_MOVEMENTS_MAX_DAYS)
    throw badRequest('VALIDATION_FAILED', `at most ${MRR_MOVEMENTS_MAX_DAYS} days`, { to: 'invalid' });
  return from > today ? null : { from, to: to > today ? today : to };
}

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
    const range = rangeOf(ctx, query);
    return range ? repo.page(ctx.db, { ...range, kind: query.kind }, query) : { items: [], count: 0 };
  },

  /** Every row of one figure as CSV, in batches read one after the other (keyset, the list's order). */
  exportCsv: (ctx: ServiceContext, query: MrrMovementsExportQuery): AsyncGenerator<string> => {
    const range = rangeOf(ctx, query);
    const db = ctx.db;
    return (async function* () {
      yield csvHeader(mrrMovementsCsvHeader[query.lang ?? 'ru']);
      if (!range) return;
      let after: { day: string; userId: number } | null = null;
      for (;;) {
        const rows = await repo.after(db, { ...range, kind: query.kind }, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield rows.map((row) => csvLine([row.at, row.userId, row.email, row.planId, row.amount])).join('');
        const last = rows[rows.length - 1];
        if (!last || rows.length < EXPORT_BATCH) return;
        after = { day: last.at, userId: last.userId };
      }
    })();
  },
};
