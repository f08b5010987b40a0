import * as contract from '@pult/contract';
import { describe, expect, it } from 'vitest';
import * as values from './contract-values';

describe('the contract constants the home screen reads without zod', () => {
  it('equal the contract’s own', () => {
    expect(values.dashboardPeriods).toEqual(contract.dashboardPeriods);
    expect(values.cohortGroupings).toEqual(contract.cohortGroupings);
    expect(values.mrrMovementKinds).toEqual(contract.mrrMovementKinds);
    expect(Object.keys(values)).toHaveLength(3);
  });
});
