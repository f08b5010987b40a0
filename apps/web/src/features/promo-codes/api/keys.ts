import { resourceKeys } from '../../../lib/resources/keys';

/**
 * Series, their codes and themes are one resource: blocking a code moves the series' counters,
 * a new series changes the list, so every change invalidates all of `promo-codes`.
 */
export const promoKeys = {
  ...resourceKeys('promo-codes'),
  generated: (params: object) => ['promo-codes', 'generated', params] as const,
  activated: (params: object) => ['promo-codes', 'activated', params] as const,
  theme: (id: number) => ['promo-codes', 'theme', id] as const,
  prefilled: () => ['promo-codes', 'prefilled'] as const,
};
