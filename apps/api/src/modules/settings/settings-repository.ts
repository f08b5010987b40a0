import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';
import { nextVersion, sameVersion } from '../../lib/versions';

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

  /**
   * Writes the values: the next version, and with `expected` only over that version (If-Match); undefined
   * when the version was stale. The defaults, never saved, are version 1, so the first save is version 2.
   */
  async save(
    db: Db,
    value: object,
    updatedAt: Date,
    updatedBy: number,
    expected?: number,
  ): Promise<SettingsRow | undefined> {
    const [row] = await db
      .insert(systemSettings)
      .values({ id: 1, value, updatedAt, updatedBy, version: 2 })
      .onConflictDoUpdate({
        target: systemSettings.id,
        set: { value, updatedAt, updatedBy, ...nextVersion(systemSettings) },
        where: sameVersion(systemSettings, 1, expected),
      })
      .returning();
    return row;
  },
};
