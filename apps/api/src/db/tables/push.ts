import {
  type AbState,
  consentTypes,
  devicePlatforms,
  deviceProviders,
  pushCategories,
  reminderStatuses,
  reminderTypes,
  skipReasons,
} from '@pult/contract';
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
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { users } from './users';

/** A planner app's push token; a provider's "unregistered" answer disables it. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    token: text('token').notNull(),
    platform: text('platform', { enum: devicePlatforms }).notNull(),
    /** The push service that issued the token; its deliveries go through that provider. */
    provider: text('provider', { enum: deviceProviders }).notNull().default('fcm'),
    timeZone: text('time_zone'),
    locale: text('locale'),
    appVersion: text('app_version'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdAt: time('created_at').notNull().defaultNow(),
    lastSeenAt: time('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_token_key').on(t.token),
    index('devices_user_idx').on(t.userId),
    check('devices_platform_check', oneOf(t.platform, devicePlatforms)),
    check('devices_provider_check', oneOf(t.provider, deviceProviders)),
    check('devices_token_check', sql`length(${t.token}) BETWEEN 1 AND 4096`),
  ],
);

/** A push notification ("reminder") and its running counters. */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    type: text('type', { enum: reminderTypes }).notNull(),
    /** 38-FZ art. 18: advertising goes only to users whose latest advertising consent is granted. */
    category: text('category', { enum: pushCategories }).notNull().default('service'),
    userIds: jsonb('user_ids').$type<number[]>(),
    deeplink: text('deeplink'),
    scheduledAt: time('scheduled_at').notNull(),
    localTime: boolean('local_time').notNull().default(false),
    /**
     * The zone staff scheduled in (the settings' default time zone at creation): a local-time push
     * reads its wall-clock time here, whatever the setting says later.
     */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    status: text('status', { enum: reminderStatuses }).notNull().default('scheduled'),
    /** When the audience was resolved into delivery rows (once; a resumed dispatch skips it). */
    targetedAt: time('targeted_at'),
    targeted: integer('targeted').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    /** A/B texts (null: one text for all): written at creation, the winner when staff send it. */
    ab: jsonb('ab').$type<AbState>(),
    startedAt: time('started_at'),
    finishedAt: time('finished_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reminders_scheduled_idx').on(t.scheduledAt, t.id),
    index('reminders_created_by_idx').on(t.createdBy),
    check('reminders_type_check', oneOf(t.type, reminderTypes)),
    check('reminders_status_check', oneOf(t.status, reminderStatuses)),
    check('reminders_category_check', oneOf(t.category, pushCategories)),
    check('reminders_users_check', sql`(${t.type} = 'users') = (${t.userIds} IS NOT NULL)`),
    check(
      'reminders_counters_check',
      sql`${t.sent} >= 0 AND ${t.failed} >= 0 AND ${t.opened} >= 0 AND ${t.skipped} >= 0`,
    ),
  ],
);

/** `held`: an A/B push's rest, waiting until staff send it the winner. */
export const deliveryStates = ['pending', 'claimed', 'sent', 'failed', 'skipped', 'held'] as const;

/**
 * One row per (reminder, device), created when the audience is resolved. The dispatcher claims a
 * batch (pending → claimed) before calling the provider and confirms it after (sent/failed); the
 * unique key means no device is ever targeted twice by one reminder.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    reminderId: integer('reminder_id')
      .notNull()
      .references(() => reminders.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform', { enum: devicePlatforms }).notNull(),
    /** The device's provider when the audience was resolved: the funnel's "per provider". */
    provider: text('provider', { enum: deviceProviders }).notNull().default('fcm'),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    /** Not before: the scheduled time, the device's local time, or a retry's back-off. */
    dueAt: time('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: time('claimed_at'),
    sentAt: time('sent_at'),
    openedAt: time('opened_at'),
    error: text('error'),
    /** Why a `skipped` delivery was not sent when its batch came (no consent, a frequency cap). */
    skipReason: text('skip_reason', { enum: skipReasons }),
    /** The A/B text it got (0 = the push's own); null without A/B, or while held for the winner. */
    variant: smallint('variant'),
  },
  (t) => [
    uniqueIndex('push_deliveries_reminder_device_key').on(t.reminderId, t.deviceId),
    // The claim's order (due_at, id) ends the index, so a batch reads its 1,000 rows and stops; without
    // id every claim sorted all of a reminder's pending rows (1.27 M devices: 2,805 a second).
    index('push_deliveries_due_idx').on(t.reminderId, t.state, t.dueAt, t.id),
    index('push_deliveries_device_idx').on(t.deviceId),
    index('push_deliveries_user_idx').on(t.userId),
    // The frequency caps count a person's sent advertising pushes since the start of their day and week.
    index('push_deliveries_user_sent_idx').on(t.userId, t.sentAt).where(sql`${t.state} = 'sent'`),
    check('push_deliveries_state_check', oneOf(t.state, deliveryStates)),
    check('push_deliveries_platform_check', oneOf(t.platform, devicePlatforms)),
    check('push_deliveries_failure_check', sql`${t.state} <> 'failed' OR ${t.error} IS NOT NULL`),
    check('push_deliveries_provider_check', oneOf(t.provider, deviceProviders)),
    check('push_deliveries_variant_check', sql`${t.variant} IS NULL OR ${t.variant} BETWEEN 0 AND 3`),
    check(
      'push_deliveries_skip_check',
      sql`(${t.state} = 'skipped') = (${t.skipReason} IS NOT NULL) AND (${t.skipReason} IS NULL OR ${oneOf(t.skipReason, skipReasons)})`,
    ),
  ],
);

/**
 * Consents a planner user gave or withdrew (`POST /client/consents`), appended and never changed: the
 * latest of a type counts, and all of them are the proof a regulator asks for (38-FZ art. 18).
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: consentTypes }).notNull(),
    granted: boolean('granted').notNull(),
    at: time('at').notNull(),
    /** The version of the consent wording the user saw. */
    version: text('version'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    appVersion: text('app_version'),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.type, t.at, t.id),
    check('consents_type_check', oneOf(t.type, consentTypes)),
  ],
);
