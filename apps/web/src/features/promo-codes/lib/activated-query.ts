import type { activatedQuery } from '@pult/contract';
import type { z } from 'zod';

export type ActivatedStatus = 'activated' | 'blocked';
export type ActivatedQuery = z.input<typeof activatedQuery>;

export interface ActivatedFilters {
  take: number;
  page: number;
  text?: string;
  statuses?: ActivatedStatus[];
}

/** The activated list starts at page 1 with 10 rows. */
export const ACTIVATED_DEFAULTS = { take: 10, page: 1 } as const;

/**
 * The flat query of `GET /promo-codes/:id/activated` (the list dialect; the seed's `where` JSON is
 * still accepted): empty text and an empty or complete status list are left out (an empty filter
 * means "any").
 */
export const buildActivatedQuery = (filters: Partial<ActivatedFilters>) => {
  const query: ActivatedQuery & { take: number; page: number } = {
    take: filters.take ?? ACTIVATED_DEFAULTS.take,
    page: filters.page ?? ACTIVATED_DEFAULTS.page,
  };
  const text = filters.text?.trim();
  if (text) query.text = text.slice(0, 100);
  const statuses = [...new Set(filters.statuses ?? [])].sort();
  if (statuses.length > 0 && statuses.length < 2) query.status = statuses;
  return query;
};
