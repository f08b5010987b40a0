import type { TimelineKind } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * One source of a user's timeline: a SELECT of that user's events with the columns
 * key, kind, event, at, entity, entity_id, actor_id, details (jsonb), each source reading its own
 * table through an index that starts with the user. A feature that adds events adds a source here:
 * the contract lists its kind, the service merges whatever sources exist, and nothing else changes.
 */
export interface TimelineSource {
  kind: TimelineKind;
  select(userId: number, now: Date): SQL;
}

export const timelineSources: TimelineSource[] = [
  {
    kind: 'registration',
    select: (userId) => sql`
      SELECT 'registration:' || u.id AS key, 'registration' AS kind, 'registered' AS event, u.created_at AS at,
        'user' AS entity, u.id::text AS entity_id, NULL::int AS actor_id, jsonb_build_object('role', u.role) AS details
      FROM users u WHERE u.id = ${userId}`,
  },
  {
    kind: 'subscription',
    select: (userId) => sql`
      SELECT 'subscription-started:' || s.id, 'subscription', 'subscription-started', s.started_at,
        'subscription', s.id::text, NULL::int,
        jsonb_build_object('planId', s.plan_id, 'planTitle', p.title, 'source', s.source, 'status', s.status,
          'expiresAt', s.expires_at)
      FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.owner = ${userId}`,
  },
  {
    kind: 'subscription',
    // "Expired" is read against the clock, as everywhere: an end in the past is an event.
    select: (userId, now) => sql`
      SELECT 'subscription-expired:' || s.id, 'subscription', 'subscription-expired', s.expires_at,
        'subscription', s.id::text, NULL::int,
        jsonb_build_object('planId', s.plan_id, 'planTitle', p.title, 'source', s.source, 'status', s.status)
      FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
      WHERE s.owner = ${userId} AND s.expires_at <= ${now}::timestamptz`,
  },
  {
    kind: 'transaction',
    select: (userId) => sql`
      SELECT 'transaction:' || t.id, 'transaction', 'transaction', t.created_at, 'transaction', t.id::text, NULL::int,
        jsonb_build_object('amount', t.amount, 'currency', t.currency, 'status', t.status, 'kind', t.kind,
          'provider', t.provider, 'planId', t.plan_id)
      FROM transactions t WHERE t.user_id = ${userId}`,
  },
  {
    kind: 'promo',
    select: (userId) => sql`
      SELECT 'promo-activated:' || c.id, 'promo', 'promo-activated', c.activated_at, 'promo-series',
        c.series_id::text, NULL::int,
        jsonb_build_object('code', c.value, 'seriesName', ps.name, 'status', c.status)
      FROM promo_codes c JOIN promo_series ps ON ps.id = c.series_id
      WHERE c.activated_by = ${userId} AND c.activated_at IS NOT NULL`,
  },
  {
    kind: 'promo',
    select: (userId) => sql`
      SELECT 'promo-refused:' || r.id, 'promo', 'promo-refused', r.at, NULL::text, NULL::text, NULL::int,
        jsonb_build_object('reason', r.reason)
      FROM promo_activation_refusals r WHERE r.user_id = ${userId}`,
  },
  {
    kind: 'push',
    // One event per delivery: sent (or failed) when the dispatcher finished with it, opened apart.
    select: (userId) => sql`
      SELECT 'push-' || d.state || ':' || d.id, 'push', 'push-' || d.state, coalesce(d.sent_at, d.claimed_at, d.due_at),
        'reminder', d.reminder_id::text, NULL::int,
        jsonb_build_object('title', r.title, 'platform', d.platform, 'error', d.error)
      FROM push_deliveries d JOIN reminders r ON r.id = d.reminder_id
      WHERE d.user_id = ${userId} AND d.state IN ('sent', 'failed')`,
  },
  {
    kind: 'push',
    select: (userId) => sql`
      SELECT 'push-opened:' || d.id, 'push', 'push-opened', d.opened_at, 'reminder', d.reminder_id::text, NULL::int,
        jsonb_build_object('title', r.title, 'platform', d.platform)
      FROM push_deliveries d JOIN reminders r ON r.id = d.reminder_id
      WHERE d.user_id = ${userId} AND d.opened_at IS NOT NULL`,
  },
  {
    kind: 'agreement',
    select: (userId) => sql`
      SELECT 'agreement-accepted:' || c.id, 'agreement', 'agreement-accepted', c.accepted_at, 'agreement',
        c.agreement_id::text, NULL::int,
        jsonb_build_object('type', a.type, 'version', a.version, 'title', a.title)
      FROM agreement_consents c JOIN agreements a ON a.id = c.agreement_id WHERE c.user_id = ${userId}`,
  },
  {
    kind: 'staff',
    // Someone else acting on this account or on its subscriptions (a grant, an extension); the
    // user's own promo redemptions are audited too, but appear above as activations.
    select: (userId) => sql`
      SELECT 'staff:' || a.id, 'staff', a.action, a.at, a.entity, a.entity_id, a.actor_id,
        jsonb_build_object('before', a.before, 'after', a.after)
      FROM audit_events a
      WHERE a.actor_id IS NOT NULL AND a.actor_id <> ${userId}
        AND ((a.entity = 'user' AND a.entity_id = ${String(userId)})
          OR (a.entity = 'subscription' AND a.entity_id IN (
            SELECT s.id::text FROM subscriptions s WHERE s.owner = ${userId})))`,
  },
];
