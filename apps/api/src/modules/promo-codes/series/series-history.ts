import { updatePromoThemeBody } from '@pult/contract';
import { eq } from 'drizzle-orm';
import { promoSeries } from '../../../db/schema';
import { restorable, type VersionedResource } from '../../revisions';
import { seriesNotFound } from '../promo-errors';
import { themeOf } from '../theme/theme';
import { themeService } from '../theme/theme-service';
import { seriesService } from './series-service';

/**
 * A series is versioned with its theme (docs/decisions/0036). History keeps what staff change after
 * creation: whether it is on, and the landing page's colours, texts and images.
 */
export const seriesHistory: VersionedResource = {
  resource: 'promo-series',
  async read(db, id) {
    const [row] = await db
      .select({ status: promoSeries.status, theme: promoSeries.theme, version: promoSeries.version })
      .from(promoSeries)
      .where(eq(promoSeries.id, id));
    if (!row) return undefined;
    const theme = themeOf(row.theme);
    return {
      version: row.version,
      state: { status: row.status, colors: theme.colors, texts: theme.texts, images: theme.images },
    };
  },
  notFound: seriesNotFound,
  /** Colours and texts through the theme's rules, then on/off through its action (images only change by upload). */
  async restore(ctx, id, state) {
    const theme = restorable(updatePromoThemeBody, state, ['colors', 'texts']);
    if (theme.colors || theme.texts) await themeService.update(ctx, id, theme);
    if (state.status === 'enabled' || state.status === 'disabled')
      return seriesService.setStatus(
        { ...ctx, ifMatch: undefined },
        id,
        state.status === 'enabled' ? 'enable' : 'disable',
      );
    return seriesService.get(ctx, id);
  },
};
