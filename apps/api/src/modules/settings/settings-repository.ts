import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

export type SettingsRow = typeof systemSettings.$inferSelect;

/** The SQL of the one settings row. */
export const settingsRepository = {
  async read(db: Db): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
    return row;
  },

  /** The row locked for a read-modify-write, so two admins saving at once do not lose a change. */
  async lock(db: Db): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1)).for('update');
    return row;
  },

  async save(db: Db, value: object, updatedAt: Date, updatedBy: number): Promise<SettingsRow> {
    const [row] = await db
      .insert(systemSettings)
      .values({ id: 1, value, updatedAt, updatedBy })
      .onConflictDoUpdate({ target: systemSettings.id, set: { value, updatedAt, updatedBy } })
      .returning();
    if (!row) throw new Error('settings upsert returned nothing');
    return row;
  },
};
