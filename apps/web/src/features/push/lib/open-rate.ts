import type { LocaleId } from '../../../config/theme-config';
import { numberFormat } from '../../../lib/format';

/** Opens per delivered push, as a percentage with one decimal («12,5 %»); «—» before anything was sent. */
export const openRate = (counters: { sent: number; opened: number }, locale: LocaleId) =>
  counters.sent > 0
    ? numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(counters.opened / counters.sent)
    : '—';
