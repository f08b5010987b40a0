import type { LocaleId } from '../../../config/theme-config';

/** Opens per delivered push, as a percentage with one decimal («12,5 %»); «—» before anything was sent. */
export const openRate = (counters: { sent: number; opened: number }, locale: LocaleId) =>
  counters.sent > 0
    ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        counters.opened / counters.sent,
      )
    : '—';
