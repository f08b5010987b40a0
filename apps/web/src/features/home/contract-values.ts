import type * as contract from '@pult/contract';

/**
 * The contract's constants the home screen draws at once (its period switch, the cohorts' grouping, the MRR
 * movements): importing them from `@pult/contract` brought their modules' zod schemas and zod (24 kB gzip)
 * to the first screen (as `lib/contract-values.ts` for the frame and the users list, docs/decisions/0022).
 * Typed as the contract's own literals, so a change there that is not made here fails the typecheck;
 * `contract-values.test.ts` compares the values.
 */
export const dashboardPeriods: typeof contract.dashboardPeriods = [7, 30, 90];
export const cohortGroupings: typeof contract.cohortGroupings = ['month', 'promoSeries'];
export const mrrMovementKinds: typeof contract.mrrMovementKinds = [
  'new',
  'expansion',
  'contraction',
  'churn',
  'reactivation',
];
