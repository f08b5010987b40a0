import { knownJobKinds } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { subjectPath } from './job-subject';

describe('a job’s subject', () => {
  it('has a screen for every kind the server runs', () => {
    for (const kind of knownJobKinds) expect(subjectPath(kind, 7), kind).toMatch(/^\/app\/./);
    expect(subjectPath('promo-generation', 12)).toBe('/app/promo-codes/12');
    expect(subjectPath('push-dispatch', 5)).toBe('/app/push-notifications?reminder=5');
    expect(subjectPath('scheduled-backup', 1)).toBe('/app/common/settings');
  });

  it('has none for a kind the SPA does not know', () => {
    expect(subjectPath('old-report', 1)).toBeUndefined();
  });
});
