import { updatePlanBody } from '@pult/contract';
import { restorable, type VersionedResource } from '../revisions';
import type { PlanRow } from './plan-row';
import { plansRepository as repo } from './plans-repository';
import { planNotFound, plansService } from './plans-service';

/** What a plan's history keeps: every field staff set. */
const kept = (row: PlanRow) => ({
  title: row.title,
  description: row.description,
  price: row.price,
  currency: row.currency,
  period: row.period,
  durationDays: row.durationDays,
  features: row.features,
  icon: row.icon,
  enabled: row.enabled,
  sortOrder: row.sortOrder,
});

/** A restore writes back the terms and texts (an icon file may be gone; enabling is its own action). */
const RESTORED = ['title', 'description', 'price', 'currency', 'period', 'durationDays', 'features', 'sortOrder'];

/** Plans are versioned and kept in history (docs/decisions/0036). */
export const planHistory: VersionedResource = {
  resource: 'plan',
  async read(db, id) {
    const row = await repo.find(db, id);
    return row && { version: row.version, state: kept(row) };
  },
  notFound: planNotFound,
  restore: (ctx, id, state) => plansService.update(ctx, id, restorable(updatePlanBody, state, RESTORED)),
};
