import type { activatedWhere } from '@pult/contract';
import type { z } from 'zod';

export type ActivatedStatus = 'activated' | 'blocked';
export type ActivatedWhere = z.input<typeof activatedWhere>;

export interface ActivatedFilters {
  take: number;
  page: number;
  text?: string;
  statuses?: ActivatedStatus[];
}

/** The activated list starts at page 1 with 10 rows. */
export const ACTIVATED_DEFAULTS = { take: 10, page: 1 } as const;

/**
 * The `where` JSON of `GET /promo-codes/:id/activated`: empty text and an empty or complete
 * status list are left out (an empty filter means "any"), so the server applies its own defaults.
 */
export const buildActivatedWhere = (filters: Partial<ActivatedFilters>): ActivatedWhere => {
  const where: ActivatedWhere = {
    take: filters.take ?? ACTIVATED_DEFAULTS.take,
    page: filters.page ?? ACTIVATED_DEFAULTS.page,
  };
  const text = filters.text?.trim();
  if (text) where.text = text.slice(0, 100);
  const statuses = [...new Set(filters.statuses ?? [])].sort();
  if (statuses.length > 0 && statuses.length < 2) where.statuses = statuses;
  return where;
};
