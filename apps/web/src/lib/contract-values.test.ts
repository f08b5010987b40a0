import * as contract from '@pult/contract';
import { describe, expect, it } from 'vitest';
import * as values from './contract-values';

describe('the contract constants the first screens read without zod', () => {
  it('equal the contract’s own', () => {
    expect(values.userStatuses).toEqual(contract.userStatuses);
    expect(values.userSortFields).toEqual(contract.userSortFields);
    expect(values.BULK_LIMIT).toBe(contract.BULK_LIMIT);
    expect(values.UNDO_OFFER_MS).toBe(contract.UNDO_OFFER_MS);
    expect(values.PRESENCE_HEARTBEAT_MS).toBe(contract.PRESENCE_HEARTBEAT_MS);
    expect(Object.keys(values)).toHaveLength(5);
  });
});
