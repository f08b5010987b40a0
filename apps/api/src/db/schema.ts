import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { oneOf, time } from './tables/columns';

/** `column IN ('a', 'b')`: the database refuses a value the enum does not list, whoever writes it. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased (a CHECK holds it), so the unique index is case-insensitive. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['user', 'editor', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['active', 'blocked', 'deleted'] })
      .notNull()
      .default('active'),
    /** argon2id PHC string; null for planner users who sign in elsewhere. Never leaves the API. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    lastSeenAt: time('last_seen_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_last_seen_idx').on(t.lastSeenAt, t.id),
    index('users_role_idx').on(t.role),
    index('users_status_idx').on(t.status),
    check('users_role_check', oneOf(t.role, ['user', 'editor', 'admin'])),
    check('users_status_check', oneOf(t.status, ['active', 'blocked', 'deleted'])),
    // Lower-cased so the unique index is case-insensitive; an address has something on both sides of '@'.
    check('users_email_check', sql`${t.email} = lower(${t.email}) AND ${t.email} LIKE '_%@_%'`),
    // Trigram indexes make the list's substring search (ILIKE '%…%') an index scan at millions of rows.
    // A 256 kB pending list on every trigram index instead of 4 MB: new entries wait in that list, which
    // each search reads sequentially, and on a big, rarely vacuumed table it stays near its limit
    // (measured: the activated-codes search went from 1.6 ms to 14 ms). fastupdate off cured that but
    // halved promo redemptions per second; a short list keeps both (docs/decisions/0009).
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`).with({ gin_pending_list_limit: 256 }),
    index('users_phone_trgm').using('gin', sql`${t.phoneNumber} gin_trgm_ops`).with({ gin_pending_list_limit: 256 }),
    index('users_name_trgm')
      .using('gin', sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/** A plan ("subscription description" in the seed): what people can pay for. Money in kopecks. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('RUB'),
    period: text('period', { enum: ['month', 'year', 'lifetime'] }).notNull(),
    durationDays: integer('duration_days').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    icon: text('icon'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_plans_title_key').on(sql`lower(${t.title})`),
    check('price_not_negative', sql`${t.price} >= 0`),
    check('subscription_plans_title_check', sql`btrim(${t.title}) <> ''`),
    check('subscription_plans_currency_check', oneOf(t.currency, ['RUB'])),
    check('subscription_plans_period_check', oneOf(t.period, ['month', 'year', 'lifetime'])),
    // How long each period may last: a "month" of 300 days is a typo, not a product.
    check(
      'subscription_plans_duration_check',
      sql`CASE ${t.period} WHEN 'month' THEN ${t.durationDays} BETWEEN 28 AND 31
        WHEN 'year' THEN ${t.durationDays} BETWEEN 365 AND 366
        WHEN 'lifetime' THEN ${t.durationDays} = 36500 ELSE true END`,
    ),
    check('subscription_plans_sort_order_check', sql`${t.sortOrder} >= 0`),
    check('subscription_plans_features_check', sql`jsonb_typeof(${t.features}) = 'array'`),
  ],
);

/**
 * A user's subscription. `status` stores what happened (active, canceled); "expired" is derived from
 * `expires_at` when read, so nothing waits for a periodic job.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    owner: integer('owner')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text('status', { enum: ['active', 'expired', 'canceled'] }).notNull(),
    source: text('source', { enum: ['purchase', 'promo', 'admin'] }).notNull(),
    startedAt: time('started_at').notNull(),
    expiresAt: time('expires_at'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    // A user's current subscription (the one that ends last, ties to the newest) is this index's first
    // entry for the owner; the migration (0023) adds INCLUDE (plan_id, status), which Drizzle cannot
    // declare, so the lists' probe and the export's walk over every owner read the index alone.
    index('subscriptions_owner_latest_idx').on(t.owner, t.expiresAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('subscriptions_plan_idx').on(t.planId),
    index('subscriptions_created_idx').on(t.createdAt, t.id),
    index('subscriptions_expires_idx').on(t.expiresAt, t.id),
    check('subscriptions_status_check', oneOf(t.status, ['active', 'expired', 'canceled'])),
    check('subscriptions_source_check', oneOf(t.source, ['purchase', 'promo', 'admin'])),
    check('subscriptions_period_check', sql`${t.expiresAt} IS NULL OR ${t.expiresAt} >= ${t.startedAt}`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id').references(() => subscriptionPlans.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('RUB'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded', 'canceled'] }).notNull(),
    provider: text('provider', {
      enum: ['yookassa', 'cloudpayments', 'appstore', 'googleplay', 'promo', 'admin'],
    }).notNull(),
    kind: text('kind', { enum: ['purchase', 'renewal', 'refund', 'grant'] }).notNull(),
    externalId: text('external_id'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_user_idx').on(t.userId, t.createdAt),
    // Deleting or re-pointing a plan checks its transactions; without it that is a 5 M-row scan.
    index('transactions_plan_idx').on(t.planId),
    check('transactions_status_check', oneOf(t.status, ['pending', 'succeeded', 'failed', 'refunded', 'canceled'])),
    check(
      'transactions_provider_check',
      oneOf(t.provider, ['yookassa', 'cloudpayments', 'appstore', 'googleplay', 'promo', 'admin']),
    ),
    check('transactions_kind_check', oneOf(t.kind, ['purchase', 'renewal', 'refund', 'grant'])),
    // Payments arrive from stores in their currency: any ISO 4217 code, not only the plans' RUB.
    check('transactions_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    // Kopecks: a refund gives money back (negative), a grant costs nothing, a payment is not negative.
    check(
      'transactions_amount_check',
      sql`CASE ${t.kind} WHEN 'refund' THEN ${t.amount} <= 0 WHEN 'grant' THEN ${t.amount} = 0
        ELSE ${t.amount} >= 0 END`,
    ),
  ],
);

/** One sign-in. Tokens belong to it; revoking it kills every token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: time('created_at').notNull(),
    /** Absolute end: refresh cannot extend a session past it. */
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
    check('sessions_revoked_check', sql`${t.revokedReason} IS NULL OR ${t.revokedAt} IS NOT NULL`),
  ],
);

/**
 * Access and refresh tokens, stored only as SHA-256 hashes of 256-bit random values.
 * A refresh token is single-use: `usedAt` is set on rotation, and a second use revokes the session.
 */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    /** For a used refresh token: its successor pair, sealed with the token itself (lib/tokens.ts `sealFor`). */
    successor: text('successor'),
  },
  (t) => [
    index('session_tokens_session_idx').on(t.sessionId),
    check('session_tokens_kind_check', oneOf(t.kind, ['access', 'refresh'])),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    hash: text('hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every API process: a limiter in memory would count per process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: time('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [check('rate_limits_count_check', sql`${t.count} >= 0`)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    at: time('at').notNull().default(sql`now()`),
  },
  (t) => [
    // The viewer filters by one of actor, entity (and id) or action and pages newest first by id:
    // each index ends in id, so any such page is one short index range scan, however big the table.
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_entity_recent_idx').on(t.entity, t.id),
    index('audit_events_action_idx').on(t.action, t.id),
    index('audit_events_at_idx').on(t.at),
    // Also what deleting a user checks.
    index('audit_events_actor_idx').on(t.actorId, t.id),
    // Actions and entities are open sets (every module adds its own), so only their shape is fixed:
    // kebab-case words, which the audit filter matches exactly.
    check('audit_events_action_check', sql`${t.action} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
    check('audit_events_entity_check', sql`${t.entity} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Every refused promo redemption: the reason (a stable error code: CODE_NOT_FOUND, CODE_USED,
 * RATE_LIMITED…), who and from where. Guessing codes shows up here before it succeeds; the
 * dashboard reads it as an abuse signal. The attempted text is not kept: it may be someone's code.
 */
export const promoActivationRefusals = pgTable(
  'promo_activation_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: inet('ip'),
    reason: text('reason').notNull(),
    at: time('at').notNull(),
  },
  (t) => [
    index('promo_activation_refusals_at_idx').on(t.at),
    index('promo_activation_refusals_user_idx').on(t.userId, t.at),
    check('promo_activation_refusals_reason_check', sql`${t.reason} ~ '^[A-Z][A-Z_]*$'`),
  ],
);

/** A promo-code series: a batch of codes that each grant a plan for `durationDays`. */
export const promoSeries = pgTable(
  'promo_series',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().default(''),
    codeLength: integer('code_length').notNull(),
    codesCount: integer('codes_count').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    durationDays: integer('duration_days').notNull(),
    startsAt: time('starts_at'),
    endsAt: time('ends_at'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    basketId: text('basket_id'),
    basketName: text('basket_name'),
    /** pending → running → done, or failed with `generationError`; the generation job (jobs table) drives it. */
    generationStatus: text('generation_status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    generationError: text('generation_error'),
    generated: integer('generated').notNull().default(0),
    theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: time('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    index('promo_series_created_idx').on(t.createdAt, t.id),
    index('promo_series_generation_idx').on(t.generationStatus),
    index('promo_series_plan_idx').on(t.planId),
    index('promo_series_created_by_idx').on(t.createdBy),
    check('promo_series_status_check', oneOf(t.status, ['enabled', 'disabled'])),
    check('promo_series_generation_status_check', oneOf(t.generationStatus, ['pending', 'running', 'done', 'failed'])),
    check('promo_series_name_check', sql`btrim(${t.name}) <> ''`),
    // Bounded repetition ({0,10}) makes PostgreSQL's regex engine ~15× slower; a length test is not.
    check('promo_series_prefix_check', sql`${t.prefix} ~ '^[A-Z0-9-]*$' AND length(${t.prefix}) <= 10`),
    check('promo_series_code_length_check', sql`${t.codeLength} BETWEEN 2 AND 32`),
    check('promo_series_codes_count_check', sql`${t.codesCount} BETWEEN 1 AND 10000000`),
    check('promo_series_generated_check', sql`${t.generated} BETWEEN 0 AND ${t.codesCount}`),
    check('promo_series_duration_check', sql`${t.durationDays} BETWEEN 1 AND 3650`),
    check('promo_series_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('promo_series_failure_check', sql`${t.generationStatus} <> 'failed' OR ${t.generationError} IS NOT NULL`),
    check('promo_series_theme_check', sql`jsonb_typeof(${t.theme}) = 'object'`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Unique across all series: the database, not luck, guarantees it. Collated "C" (migration 0022):
     * compared byte by byte, which Drizzle's column builder cannot declare.
     */
    value: text('value').notNull(),
    // No declarative foreign key: its per-row check was a third of generating a million codes.
    // Migration 0021 checks the series once per statement instead, and keeps a series with codes
    // from being deleted (docs/decisions/0024).
    seriesId: integer('series_id').notNull(),
    status: text('status', { enum: ['new', 'activated', 'blocked'] })
      .notNull()
      .default('new'),
    activatedBy: integer('activated_by').references(() => users.id),
    activatedAt: time('activated_at'),
    blockedAt: time('blocked_at'),
  },
  (t) => [
    uniqueIndex('promo_codes_value_key').on(t.value),
    index('promo_codes_series_idx').on(t.seriesId, t.id),
    // Only used and blocked codes are listed and searched; a partial index keeps that small.
    index('promo_codes_series_used_idx').on(t.seriesId, t.activatedAt).where(sql`${t.status} <> 'new'`),
    // The activated list's text search: code fragments (trigram) and the activating user.
    index('promo_codes_used_value_trgm')
      .using('gin', sql`${t.value} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 })
      .where(sql`${t.status} <> 'new'`),
    index('promo_codes_activated_by_idx').on(t.activatedBy).where(sql`${t.activatedBy} is not null`),
    check('promo_codes_status_check', oneOf(t.status, ['new', 'activated', 'blocked'])),
    // Not '{2,64}': on 10 M codes that regex took 48 s to check, this takes 4 s.
    check('promo_codes_value_check', sql`${t.value} ~ '^[A-Z0-9-]+$' AND length(${t.value}) BETWEEN 2 AND 64`),
    // What each status implies: a new code was never used, a used one says when, a blocked one when
    // it was blocked (it may have been used before).
    check(
      'promo_codes_state_check',
      sql`CASE ${t.status}
        WHEN 'new' THEN ${t.activatedAt} IS NULL AND ${t.activatedBy} IS NULL AND ${t.blockedAt} IS NULL
        WHEN 'activated' THEN ${t.activatedAt} IS NOT NULL AND ${t.blockedAt} IS NULL
        WHEN 'blocked' THEN ${t.blockedAt} IS NOT NULL ELSE true END`,
    ),
  ],
);

/**
 * Activation and blocking counters, split over a few rows per series so concurrent activations of one
 * series do not queue on a single row lock (a sharded counter). The series' total is the sum.
 */
export const promoSeriesCounters = pgTable(
  'promo_series_counters',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => promoSeries.id),
    shard: integer('shard').notNull(),
    activated: integer('activated').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.shard] }),
    check('promo_series_counters_shard_check', sql`${t.shard} >= 0`),
  ],
);
