import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { oneOf } from './columns';

/**
 * The cohort grid's sums (docs/decisions/0046): per cohort (`month` YYYY-MM, or `promoSeries` id),
 * anchor day and age in months (0-12), the members with that anchor day, how many are subscribed at
 * that age and their revenue before it (at age 0: all of it). Rebuilt whole from `pult_cohort_cells()`
 * by the rollup job (at most hourly) and the seed; a request sums the anchor days that reached each age.
 */
export const cohortCells = pgTable(
  'cohort_cells',
  {
    kind: text('kind', { enum: ['month', 'promoSeries'] }).notNull(),
    cohort: text('cohort').notNull(),
    anchorDay: date('anchor_day', { mode: 'string' }).notNull(),
    age: smallint('age').notNull(),
    members: integer('members').notNull(),
    retained: integer('retained').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    /** The same revenue under the refund policy rewriteClosedDays (docs/decisions/0049). */
    revenueRewritten: bigint('revenue_rewritten', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'cohort_cells_pkey', columns: [t.kind, t.cohort, t.anchorDay, t.age] }),
    check('cohort_cells_kind_check', oneOf(t.kind, ['month', 'promoSeries'])),
    check('cohort_cells_age_check', sql`${t.age} BETWEEN 0 AND 12`),
    check('cohort_cells_retained_check', sql`${t.retained} BETWEEN 0 AND ${t.members}`),
  ],
);
