import type { SubscriptionRow } from './subscription-row';

/**
 * What the database function `pult_grant_subscription` answers (also inside a redemption batch's result):
 * the subscription started or extended, its plan's title, and whether it was an extension.
 */
export interface GrantedRow {
  id: number;
  owner: number;
  plan_id: number;
  status: SubscriptionRow['status'];
  source: SubscriptionRow['source'];
  started_at: Date | string;
  expires_at: Date | string | null;
  auto_renew: boolean;
  created_at: Date | string;
  plan_title: string;
  extended: boolean;
}

export interface Granted {
  subscription: SubscriptionRow;
  planTitle: string;
  extended: boolean;
}

/** A raw row of those functions (snake_case, dates as text on some drivers) → a subscription row. */
export function fromGrantedRow(row: GrantedRow | undefined): Granted {
  if (!row) throw new Error('the grant function returned no row');
  const subscription: SubscriptionRow = {
    id: row.id,
    owner: row.owner,
    planId: row.plan_id,
    status: row.status,
    source: row.source,
    startedAt: new Date(row.started_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    autoRenew: row.auto_renew,
    createdAt: new Date(row.created_at),
  };
  return { subscription, planTitle: row.plan_title, extended: row.extended };
}
