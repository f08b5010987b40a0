import type { PlanInfo } from './generate-plans';
import type { Random } from './prng';

type Weighted = readonly (readonly [PlanInfo, number])[];

/** How often each kind of plan is bought: most people pay monthly, a few once and for all. */
const periodWeight = { month: 55, year: 35, lifetime: 4 } as const;
/** Disabled plans were sold in the first half of the period only (then archived). */
const ARCHIVED_WEIGHT = 6;

export interface PlanPicker {
  /** A plan someone could have bought at `atSec`; `renewable` leaves out lifetime plans. */
  pick(random: Random, atSec: number, options?: { renewable?: boolean }): PlanInfo;
}

/** The weighted plan lists a picker draws from: before `archivedUntil` (early) and after, all or renewable only. */
export function planLists(plans: readonly PlanInfo[]) {
  if (!plans.some((p) => p.enabled)) throw new Error('No enabled subscription plan to sell');
  const weigh = (list: readonly PlanInfo[]): Weighted =>
    list.map((p) => [p, p.enabled ? periodWeight[p.period] : ARCHIVED_WEIGHT] as const);
  const early = weigh(plans);
  const late = weigh(plans.filter((p) => p.enabled));
  const renewable = (list: Weighted) => {
    const kept = list.filter(([p]) => p.period !== 'lifetime');
    return kept.length > 0 ? kept : list;
  };
  return { early, late, renewableEarly: renewable(early), renewableLate: renewable(late) };
}

export function planPicker(plans: readonly PlanInfo[], archivedUntilSec: number): PlanPicker {
  const lists = planLists(plans);
  return {
    pick(random, atSec, options) {
      const isEarly = atSec < archivedUntilSec;
      const list = options?.renewable
        ? isEarly
          ? lists.renewableEarly
          : lists.renewableLate
        : isEarly
          ? lists.early
          : lists.late;
      return random.pickWeighted(list);
    },
  };
}
