import type { ReminderStatus, ReminderType, reminderSortFields, SortOf } from '@pult/contract';
import { and, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { reminders } from '../../../db/schema';
import { sortOrder } from '../../../lib/sort-order';

export type ReminderRow = typeof reminders.$inferSelect;

/** An A/B push's deliveries counted per text (variant null: the holdout and the rest waiting as held). */
export interface VariantCounters {
  variant: number | null;
  targeted: number;
  skipped: number;
  sent: number;
  failed: number;
  opened: number;
  held: number;
}

/** Ids as one text parameter split in SQL, so a batch is one parameter whatever its size. */
export const idList = (ids: number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

/**
 * The devices an audience reaches now: enabled devices of active planner users, narrowed by type.
 * Selects device id, user id, platform, provider, time zone (the delivery rows are made from it).
 */
export function audienceDevices(type: ReminderType, userIds: number[] | null, now: Date): SQL {
  const activeSubscription = sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.owner = u.id AND s.status = 'active'
    AND (s.expires_at IS NULL OR s.expires_at > ${now}))`;
  const narrowing =
    type === 'subscribers'
      ? sql`AND ${activeSubscription}`
      : type === 'non-subscribers'
        ? sql`AND NOT ${activeSubscription}`
        : type === 'users'
          ? sql`AND u.id = ANY(${idList(userIds ?? [])})`
          : sql``;
  return sql`SELECT d.id AS device_id, d.user_id, d.platform, d.provider, d.time_zone FROM devices d
    JOIN users u ON u.id = d.user_id
    WHERE d.enabled AND u.status = 'active' AND u.role = 'user' ${narrowing}`;
}

/** The SQL of reminders and their deliveries' totals; no rules, no HTTP. */
export const remindersRepository = {
  list: async (
    db: Db,
    filter: {
      startDate?: string;
      endDate?: string;
      type?: ReminderType;
      status?: ReminderStatus;
      sort: SortOf<(typeof reminderSortFields)[number]>;
    },
    take: number,
    skip: number,
  ) => {
    const where = and(
      filter.startDate ? gte(reminders.scheduledAt, new Date(filter.startDate)) : undefined,
      filter.endDate ? lte(reminders.scheduledAt, new Date(filter.endDate)) : undefined,
      filter.type ? eq(reminders.type, filter.type) : undefined,
      filter.status ? eq(reminders.status, filter.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(reminders)
        .where(where)
        .orderBy(...sortOrder(filter.sort, { scheduledAt: reminders.scheduledAt }, reminders.id))
        .limit(take)
        .offset(skip),
      db.select({ n: count() }).from(reminders).where(where),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  },

  find: async (db: Db, id: number) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0],

  lock: async (db: Db, id: number) => (await db.select().from(reminders).where(eq(reminders.id, id)).for('update'))[0],

  insert: async (db: Db, values: typeof reminders.$inferInsert) => {
    const [row] = await db.insert(reminders).values(values).returning();
    if (!row) throw new Error('reminder insert returned nothing');
    return row;
  },

  update: async (db: Db, id: number, values: Partial<typeof reminders.$inferInsert>) =>
    (await db.update(reminders).set(values).where(eq(reminders.id, id)).returning())[0],

  existingPlannerUsers: async (db: Db, ids: number[]) =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM users WHERE id = ANY(${idList(ids)}) AND role = 'user' AND status <> 'deleted'`,
      )
    ).map((row) => Number(row.id)),

  /** The deliveries' counters by platform and by provider, in one pass over the push's rows. */
  breakdown: (db: Db, reminderId: number) =>
    queryRows<{
      platform: string | null;
      provider: string | null;
      targeted: number;
      skipped: number;
      sent: number;
      failed: number;
      opened: number;
      pending: number;
    }>(
      db,
      sql`SELECT platform, provider, count(*)::int AS targeted,
            count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE state = 'sent')::int AS sent,
            count(*) FILTER (WHERE state = 'failed')::int AS failed,
            count(opened_at)::int AS opened,
            count(*) FILTER (WHERE state IN ('pending', 'claimed'))::int AS pending
          FROM push_deliveries WHERE reminder_id = ${reminderId}
          GROUP BY GROUPING SETS ((platform), (provider)) ORDER BY platform, provider`,
    ),

  /** An A/B push's counters per text, and how many of its rest wait for the winner (variant null, held). */
  byVariant: (db: Db, reminderId: number) =>
    queryRows<VariantCounters>(
      db,
      sql`SELECT variant, count(*)::int AS targeted,
            count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE state = 'sent')::int AS sent,
            count(*) FILTER (WHERE state = 'failed')::int AS failed,
            count(opened_at)::int AS opened,
            count(*) FILTER (WHERE state = 'held')::int AS held
          FROM push_deliveries WHERE reminder_id = ${reminderId}
          GROUP BY variant ORDER BY variant NULLS LAST`,
    ),

  skippedBy: (db: Db, reminderId: number) =>
    queryRows<{ reason: string; count: number }>(
      db,
      sql`SELECT skip_reason AS reason, count(*)::int AS count FROM push_deliveries
          WHERE reminder_id = ${reminderId} AND state = 'skipped' GROUP BY skip_reason ORDER BY count(*) DESC`,
    ),

  failures: (db: Db, reminderId: number) =>
    queryRows<{ reason: string; count: number }>(
      db,
      sql`SELECT error AS reason, count(*)::int AS count FROM push_deliveries
          WHERE reminder_id = ${reminderId} AND state = 'failed' GROUP BY error ORDER BY count(*) DESC LIMIT 20`,
    ),
};
