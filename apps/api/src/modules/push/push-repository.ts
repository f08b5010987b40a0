import type { ReminderStatus, ReminderType, reminderSortFields, SortOf } from '@pult/contract';
import { and, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { devices, pushDeliveries, reminders } from '../../db/schema';
import { sortOrder } from '../../lib/sort-order';

export type ReminderRow = typeof reminders.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

/** What a registration writes over a known token's row: the caller's details, enabled again. */
const refreshed = (values: typeof devices.$inferInsert) => ({
  userId: values.userId,
  platform: values.platform,
  timeZone: values.timeZone,
  locale: values.locale,
  appVersion: values.appVersion,
  enabled: true,
  disabledReason: null,
  lastSeenAt: values.lastSeenAt,
});

/** Ids as one text parameter split in SQL, so a batch is one parameter whatever its size. */
export const idList = (ids: number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

/**
 * The devices an audience reaches now: enabled devices of active planner users, narrowed by type.
 * Selects device id, user id, platform, time zone (the delivery rows are made from it).
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
  return sql`SELECT d.id AS device_id, d.user_id, d.platform, d.time_zone FROM devices d
    JOIN users u ON u.id = d.user_id
    WHERE d.enabled AND u.status = 'active' AND u.role = 'user' ${narrowing}`;
}

export const pushRepository = {
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

  byPlatform: (db: Db, reminderId: number) =>
    queryRows<{ platform: string; targeted: number; sent: number; failed: number; opened: number; pending: number }>(
      db,
      sql`SELECT platform, count(*)::int AS targeted,
            count(*) FILTER (WHERE state = 'sent')::int AS sent,
            count(*) FILTER (WHERE state = 'failed')::int AS failed,
            count(opened_at)::int AS opened,
            count(*) FILTER (WHERE state IN ('pending', 'claimed'))::int AS pending
          FROM push_deliveries WHERE reminder_id = ${reminderId} GROUP BY platform ORDER BY platform`,
    ),

  failures: (db: Db, reminderId: number) =>
    queryRows<{ reason: string; count: number }>(
      db,
      sql`SELECT error AS reason, count(*)::int AS count FROM push_deliveries
          WHERE reminder_id = ${reminderId} AND state = 'failed' GROUP BY error ORDER BY count(*) DESC LIMIT 20`,
    ),

  userDevices: (db: Db, userId: number) =>
    db
      .select()
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.enabled, true))),

  /**
   * Upsert by token, the caller's own: a new token is inserted, one the caller already has is
   * refreshed and enabled again. A token registered by another user is left as it is (undefined):
   * moving it is the service's decision, audited and limited. One statement, so two registrations at
   * once cannot both see the token free.
   */
  upsertOwnDevice: async (db: Db, values: typeof devices.$inferInsert) => {
    const [row] = await db
      .insert(devices)
      .values(values)
      .onConflictDoUpdate({
        target: devices.token,
        set: refreshed(values),
        setWhere: eq(devices.userId, values.userId),
      })
      .returning();
    return row;
  },

  /** The device a token names, locked until the transaction ends (a move reads its owner here). */
  lockDeviceByToken: async (db: Db, token: string) => {
    const [row] = await db.select().from(devices).where(eq(devices.token, token)).for('update');
    return row;
  },

  /** Upsert by token whoever holds it: the token now belongs to `values.userId`, enabled again. */
  upsertDevice: async (db: Db, values: typeof devices.$inferInsert) => {
    const [row] = await db
      .insert(devices)
      .values(values)
      .onConflictDoUpdate({ target: devices.token, set: refreshed(values) })
      .returning();
    if (!row) throw new Error('device upsert returned nothing');
    return row;
  },

  removeDevice: async (db: Db, userId: number, token: string) =>
    (
      await db
        .delete(devices)
        .where(and(eq(devices.token, token), eq(devices.userId, userId)))
        .returning({ id: devices.id })
    ).length > 0,

  /** First open only: counts once on the reminder, however often the app reports it. */
  markOpened: async (db: Db, userId: number, deliveryId: number, now: Date) => {
    const [owned] = await db
      .select({ id: pushDeliveries.id, reminderId: pushDeliveries.reminderId, openedAt: pushDeliveries.openedAt })
      .from(pushDeliveries)
      .where(and(eq(pushDeliveries.id, deliveryId), eq(pushDeliveries.userId, userId)));
    if (!owned) return false;
    const first = await db
      .update(pushDeliveries)
      .set({ openedAt: now })
      .where(and(eq(pushDeliveries.id, deliveryId), sql`${pushDeliveries.openedAt} IS NULL`))
      .returning({ id: pushDeliveries.id });
    if (first.length > 0)
      await db
        .update(reminders)
        .set({ opened: sql`${reminders.opened} + 1` })
        .where(eq(reminders.id, owned.reminderId));
    return true;
  },
};
