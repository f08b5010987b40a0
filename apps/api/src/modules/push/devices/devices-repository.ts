import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, pushDeliveries, reminders } from '../../../db/schema';

export type DeviceRow = typeof devices.$inferSelect;

/** What a registration writes over a known token's row: the caller's details, enabled again. */
const refreshed = (values: typeof devices.$inferInsert) => ({
  userId: values.userId,
  platform: values.platform,
  provider: values.provider,
  timeZone: values.timeZone,
  locale: values.locale,
  appVersion: values.appVersion,
  enabled: true,
  disabledReason: null,
  lastSeenAt: values.lastSeenAt,
});

/** The SQL of planner devices and the opens they report; no rules, no HTTP. */
export const devicesRepository = {
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
