import type { Subscription } from '@pult/contract';
import type { subscriptions } from '../../db/schema';
import { effectiveStatus } from '../users';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const toSubscription = (row: SubscriptionRow, planTitle: string, now: Date): Subscription => ({
  id: row.id,
  owner: row.owner,
  planId: row.planId,
  planTitle,
  status: effectiveStatus(row.status, row.expiresAt, now),
  source: row.source,
  startedAt: row.startedAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  autoRenew: row.autoRenew,
  createdAt: row.createdAt.toISOString(),
});
