import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';

/** A list total; a count the server only estimated (huge tables) reads «≈ 1 500 000». */
export const formatCount = (count: number, isEstimate: boolean, locale: LocaleId): string =>
  isEstimate ? `≈ ${formatNumber(count, locale)}` : formatNumber(count, locale);
