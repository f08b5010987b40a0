import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';

/** A list total; counts the server estimated (huge tables) are marked «≈ …». */
export const formatCount = (count: number, isEstimate: boolean, locale: LocaleId): string =>
  isEstimate ? `≈ ${formatNumber(count, locale)}` : formatNumber(count, locale);
