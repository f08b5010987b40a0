import type { PromoTheme } from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promoSeries } from '../../../db/schema';
import { nextVersion, sameVersion } from '../../../lib/versions';

const themeColumns = { theme: promoSeries.theme, version: promoSeries.version };

/** The SQL of a series' theme (its `theme` column); no rules, no HTTP. */
export const themeRepository = {
  /** The series' theme column and version; null when the series does not exist. */
  async find(db: Db, id: number) {
    const [row] = await db.select(themeColumns).from(promoSeries).where(eq(promoSeries.id, id));
    return row ?? null;
  },

  /** The series' theme column, locked for the rest of the transaction; null when the series does not exist. */
  async lock(db: Db, id: number) {
    const [row] = await db.select(themeColumns).from(promoSeries).where(eq(promoSeries.id, id)).for('update');
    return row ?? null;
  },

  /**
   * Writes the theme: the series' next version; with `expected`, only over that version (If-Match).
   * Answers the new version, or undefined when it was stale.
   */
  async save(db: Db, id: number, theme: PromoTheme, expected?: number): Promise<number | undefined> {
    const [row] = await db
      .update(promoSeries)
      .set({ theme, ...nextVersion(promoSeries) })
      .where(sameVersion(promoSeries, id, expected))
      .returning({ version: promoSeries.version });
    return row?.version;
  },
};
