import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { oneOf, time, version } from './columns';
import { subscriptionPlans } from './plans';
import { users } from './users';

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
    version: version(),
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
