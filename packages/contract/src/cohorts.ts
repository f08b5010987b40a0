import { z } from 'zod';
import { analyticsPolicies } from './analytics-policies';

/**
 * Cohorts and realised LTV (docs/decisions/0046). A cohort is the users whose first paid subscription
 * started in one Moscow month (`month`), or who activated a code of one promo series (`promoSeries`);
 * each member's anchor is that day (their first activation of the series' codes).
 */
export const cohortGroupings = ['month', 'promoSeries'] as const;
export const cohortGrouping = z.enum(cohortGroupings);
export type CohortGrouping = z.infer<typeof cohortGrouping>;

/** The ages the grid shows, in months after the anchor. */
export const COHORT_MAX_AGE = 12;

/** The one definition of a grid cell, quoted by the response schema and (translated) beside the grid. */
export const cohortRetainedDefinition =
  'Still subscribed after k months: a paid subscription of the member (purchased, not canceled, plan price ' +
  'above 0: monthly, yearly or lifetime) runs past their mark k, the Moscow day 30 × k days after their anchor ' +
  'day (a month of age is 30 days, as the plans’ months are): it started on or before that day and expires ' +
  'after it, or never. The share counts only members whose mark has come.';

export const cohortsQuery = z.object({
  by: cohortGrouping
    .default('month')
    .meta({ description: 'Group by month of the first paid subscription, or by promo series activated.' }),
});
export type CohortsQuery = z.infer<typeof cohortsQuery>;

export const cohortCell = z.object({
  age: z.number().int().min(1).max(COHORT_MAX_AGE).meta({ description: 'Months of 30 days after the anchor day.' }),
  eligible: z
    .number()
    .int()
    .meta({ description: 'Members whose mark (anchor day + 30 × age days) is today or earlier.' }),
  retained: z.number().int().meta({ description: cohortRetainedDefinition }),
  share: z
    .number()
    .nullable()
    .meta({ description: 'retained ÷ eligible (0…1); null while no member has reached this age.' }),
  ltv: z
    .number()
    .nullable()
    .meta({ description: 'Revenue of the eligible members before this age ÷ eligible, kopecks (may be fractional).' }),
});
export type CohortCell = z.infer<typeof cohortCell>;

export const cohortRow = z.object({
  key: z.string().meta({ description: 'YYYY-MM (Moscow) or the promo series id.' }),
  label: z.string().meta({ description: 'The month as YYYY-MM, or the series name.' }),
  size: z.number().int().meta({ description: 'Members of the cohort.' }),
  revenue: z
    .number()
    .int()
    .meta({ description: 'Their revenue since their anchor day, up to the build, kopecks, under policies.refunds.' }),
  ltv: z.number().meta({ description: 'Realised LTV: revenue ÷ size, kopecks (may be fractional).' }),
  cells: z.array(cohortCell).meta({ description: 'Ages 1…12, in order.' }),
});
export type CohortRow = z.infer<typeof cohortRow>;

export const cohortsResponse = z.object({
  by: cohortGrouping,
  asOf: z
    .string()
    .nullable()
    .meta({ description: 'When the figures were counted (ISO instant; rebuilt at most hourly); null: not yet.' }),
  today: z.string().meta({ description: 'The Moscow day the ages are measured to (YYYY-MM-DD).' }),
  policies: analyticsPolicies.meta({
    description:
      'The policies in force: the refund policy decides revenue and LTV (docs/decisions/0049); promo grants never ' +
      'count here (paid subscriptions only).',
  }),
  items: z.array(cohortRow).meta({ description: 'Oldest month first; series newest first.' }),
});
export type CohortsResponse = z.infer<typeof cohortsResponse>;
