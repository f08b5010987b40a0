import type { PromoTheme } from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promoSeries } from '../../../db/schema';

/** The SQL of a series' theme (its `theme` column); no rules, no HTTP. */
export const themeRepository = {
  /** The series' theme column; null when the series does not exist. */
  async find(db: Db, id: number) {
    const [row] = await db.select({ theme: promoSeries.theme }).from(promoSeries).where(eq(promoSeries.id, id));
    return row ?? null;
  },

  /** The series' theme column, locked for the rest of the transaction; null when the series does not exist. */
  async lock(db: Db, id: number) {
    const [row] = await db
      .select({ theme: promoSeries.theme })
      .from(promoSeries)
      .where(eq(promoSeries.id, id))
      .for('update');
    return row ?? null;
  },

  async save(db: Db, id: number, theme: PromoTheme): Promise<void> {
    await db.update(promoSeries).set({ theme }).where(eq(promoSeries.id, id));
  },
};
