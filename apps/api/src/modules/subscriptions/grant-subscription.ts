import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { withDatabaseRefusals } from '../../lib/pg-errors';
import type { SubscriptionRow } from './subscription-row';

/**
 * Starts the user's subscription to the plan, or extends the live one from its current expiry, and
 * records a zero-amount `grant` transaction and an audit event — one call of the database function
 * `pult_grant_subscription` (migration 0005, docs/decisions/0009), so it is one transaction and a
 * failure anywhere leaves nothing half-written. Promo redemption calls the same function.
 */
export interface GrantParams {
  userId: number;
  planId: number;
  source: 'admin' | 'promo';
  provider: 'admin' | 'promo';
}

export const grantSubscription = (db: Db, request: FastifyRequest, params: GrantParams) =>
  withDatabaseRefusals(async () => {
    const [row] = await queryRows<GrantedRow>(
      db,
      sql`select * from pult_grant_subscription(${params.userId}::int, ${params.planId}::int, ${params.source}::text,
            ${params.provider}::text, null, ${request.server.clock.now()}::timestamptz,
            ${request.principal?.userId ?? null}::int, ${request.ip}::inet)`,
    );
    return fromGrantedRow(row);
  });

/** What `pult_grant_subscription` and `pult_activate_promo_code` answer: the subscription, its plan's title. */
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

export function fromGrantedRow(row: GrantedRow | undefined) {
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
