import { resourceKeys } from '../../../lib/resources/keys';

/**
 * Series, their codes and themes are one resource: blocking a code moves the series' counters,
 * a new series changes the list, so every change invalidates all of `promo-codes`.
 */
export const promoKeys = {
  ...resourceKeys('promo-codes'),
  generated: (params: object) => ['promo-codes', 'generated', params] as const,
  /** Every page and search of every series' generated codes. */
  allGenerated: () => ['promo-codes', 'generated'] as const,
  activated: (params: object) => ['promo-codes', 'activated', params] as const,
  theme: (id: number) => ['promo-codes', 'theme', id] as const,
  prefilled: () => ['promo-codes', 'prefilled'] as const,
  /** One code by value, in whichever series; the same code typed in any case is one entry. */
  lookup: (code: string) => ['promo-codes', 'lookup', code.trim().toUpperCase()] as const,
};

/** The catalog's data, not ours: kept apart from `promo-codes`, so our changes do not refetch it. */
export const catalogKeys = {
  customization: (basketId: string) => ['catalog', 'customization', basketId] as const,
};
