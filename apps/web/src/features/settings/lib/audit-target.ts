import { type AgreementType, type AuditEventEntry, agreementTypes } from '@pult/contract';

/** Where an audit event's object is shown: a screen's path, or a promo code found by its value first. */
export type AuditTarget = { path: string } | { code: string };

const numeric = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0
    ? value
    : typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0
      ? Number(value)
      : undefined;

const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;

const isAgreementType = (value: unknown): value is AgreementType => agreementTypes.some((type) => type === value);

/**
 * The screen that shows an event's object, or undefined when none does (a saved view, the log itself).
 * Objects without a page of their own lead to their list or board; a subscription leads to its owner.
 */
export function auditTarget(event: Pick<AuditEventEntry, 'entity' | 'entityId' | 'after'>): AuditTarget | undefined {
  const id = numeric(event.entityId);
  switch (event.entity) {
    case 'user':
      return id ? { path: `/app/users/${id}` } : { path: '/app/users' };
    case 'note':
      return id ? { path: `/app/notes/${id}` } : { path: '/app/notes' };
    case 'promo-series':
      return id ? { path: `/app/promo-codes/${id}` } : { path: '/app/promo-codes' };
    case 'promo-code':
      return event.entityId ? { code: event.entityId } : undefined;
    case 'plan':
      return { path: '/app/subscriptions/desc' };
    case 'subscription': {
      const owner = numeric(field(event.after, 'owner'));
      return owner ? { path: `/app/users/${owner}` } : { path: '/app/subscriptions/items' };
    }
    case 'device': {
      // A device has no screen: its owner's (after a move, the new owner).
      const owner = numeric(field(event.after, 'userId'));
      return owner ? { path: `/app/users/${owner}` } : { path: '/app/users' };
    }
    case 'agreement': {
      const type = field(event.after, 'type');
      return isAgreementType(type) ? { path: `/app/common/${type}` } : undefined;
    }
    case 'reminder':
      return id ? { path: `/app/push-notifications?reminder=${id}` } : { path: '/app/push-notifications' };
    case 'tg-channel':
      return id ? { path: `/app/telegram-chanels?channel=${id}` } : { path: '/app/telegram-chanels' };
    case 'tg-category':
    case 'tg-channels':
      return { path: '/app/telegram-chanels' };
    case 'settings':
      return { path: '/app/common/settings' };
    case 'import':
      // The wizard opens an import by its id, at its result (counts, errors, undo).
      return id ? { path: `/app/imports?id=${id}` } : { path: '/app/imports' };
    case 'job': {
      // The jobs screen on the job's kind (the event says which); the job itself may be in any state by now.
      const kind = field(event.after, 'kind');
      return typeof kind === 'string' && /^[a-z][a-z-]{0,49}$/.test(kind)
        ? { path: `/app/jobs?kind=${kind}` }
        : { path: '/app/jobs' };
    }
    default:
      return undefined;
  }
}
