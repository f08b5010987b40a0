import { type Plan, type Subscription, YEARLY_PLAN_TITLE } from '@pult/contract';

const DAY_MS = 24 * 3600_000;

/** A subscription still running at `now`: active and either open-ended or not yet expired. */
const isLive = (subscription: Subscription, now: Date) =>
  subscription.status === 'active' &&
  (subscription.expiresAt === null || new Date(subscription.expiresAt).getTime() > now.getTime());

/**
 * What a grant will set, computed the way the server does (`subscribe-by-admin`): a live
 * subscription to the same plan is extended from its own expiry; otherwise a new one runs from now.
 * `null` means open-ended (a lifetime plan, or extending one that never expires).
 */
export const grantExpiry = (
  plan: Pick<Plan, 'id' | 'durationDays' | 'period'>,
  subscriptions: readonly Subscription[],
  now: Date,
): { expiresAt: Date | null; extends: boolean } => {
  const live = subscriptions
    .filter((item) => item.planId === plan.id && isLive(item, now))
    // The one the server picks: the latest expiry (an open-ended one counts as latest).
    .sort(
      (a, b) => (b.expiresAt ? Date.parse(b.expiresAt) : Infinity) - (a.expiresAt ? Date.parse(a.expiresAt) : Infinity),
    )
    .at(0);
  if (live) {
    return {
      expiresAt: live.expiresAt ? new Date(Date.parse(live.expiresAt) + plan.durationDays * DAY_MS) : null,
      extends: true,
    };
  }
  return {
    expiresAt: plan.period === 'lifetime' ? null : new Date(now.getTime() + plan.durationDays * DAY_MS),
    extends: false,
  };
};

/** The plan the dialog preselects: the yearly one by title, case-insensitively: the plan most grants are for. */
export const preselectedPlan = <T extends Pick<Plan, 'title'>>(plans: readonly T[]): T | undefined => {
  const wanted = YEARLY_PLAN_TITLE.toLocaleLowerCase('ru');
  return plans.find((plan) => plan.title.trim().toLocaleLowerCase('ru') === wanted);
};
