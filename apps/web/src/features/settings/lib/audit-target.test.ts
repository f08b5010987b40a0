import { auditEntities } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { auditTarget } from './audit-target';

describe('auditTarget', () => {
  it('leads each object to the screen that shows it', () => {
    expect(auditTarget({ entity: 'user', entityId: '11', after: null })).toEqual({ path: '/app/users/11' });
    expect(auditTarget({ entity: 'note', entityId: '4', after: null })).toEqual({ path: '/app/notes/4' });
    expect(auditTarget({ entity: 'promo-series', entityId: '1', after: null })).toEqual({ path: '/app/promo-codes/1' });
    expect(auditTarget({ entity: 'promo-code', entityId: 'ABC234', after: null })).toEqual({ code: 'ABC234' });
    expect(auditTarget({ entity: 'tg-channel', entityId: '7', after: null })).toEqual({
      path: '/app/telegram-chanels?channel=7',
    });
    expect(auditTarget({ entity: 'reminder', entityId: '3', after: null })).toEqual({
      path: '/app/push-notifications?reminder=3',
    });
  });

  it('reads the owner of a subscription and the type of a document from the event', () => {
    const grant = { entity: 'subscription', entityId: '90', after: { owner: 12, planId: 1 } };
    expect(auditTarget(grant)).toEqual({ path: '/app/users/12' });
    const move = { entity: 'device', entityId: '5', after: { userId: 14 } };
    expect(auditTarget(move)).toEqual({ path: '/app/users/14' });
    const agreement = { entity: 'agreement', entityId: '11', after: { type: 'personal-data-consent', version: 2 } };
    expect(auditTarget(agreement)).toEqual({ path: '/app/common/personal-data-consent' });
    expect(auditTarget({ entity: 'agreement', entityId: '11', after: { type: '../users' } })).toBeUndefined();
  });

  it('has a screen for every entity but the saved views and the log itself', () => {
    const without = auditEntities.filter((entity) => !auditTarget({ entity, entityId: '1', after: null }));
    expect(without.sort()).toEqual(['agreement', 'audit-event', 'saved-view']);
  });

  it('leads an import to its result in the import wizard', () => {
    expect(auditTarget({ entity: 'import', entityId: '12', after: null })).toEqual({ path: '/app/imports?id=12' });
    expect(auditTarget({ entity: 'import', entityId: null, after: null })).toEqual({ path: '/app/imports' });
  });

  it('leads a job’s retry or cancel to the jobs screen on its kind', () => {
    const retry = { entity: 'job', entityId: '3', after: { kind: 'push-dispatch', subjectId: 9 } };
    expect(auditTarget(retry)).toEqual({ path: '/app/jobs?kind=push-dispatch' });
    expect(auditTarget({ entity: 'job', entityId: '3', after: { kind: '../users' } })).toEqual({ path: '/app/jobs' });
  });
});
