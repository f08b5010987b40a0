import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { resourceKeys } from './keys';

/** Plans, read by the plans screen, the grant dialog and the promo series form: one cache for all. */
export const planKeys = resourceKeys('plans');

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.list(),
    queryFn: ({ signal }) => api.plans.list({}, { signal }),
  });

/** Every plan, disabled ones included (the plans screen). */
export const usePlans = () => useQuery(plansQueryOptions());

/**
 * The plans a grant or a new series may use. Refetched on mount, so a dialog opened after a plan
 * was disabled elsewhere never offers it (the server would refuse it with PLAN_DISABLED).
 */
export const useEnabledPlans = (enabled = true) =>
  useQuery({
    ...plansQueryOptions(),
    enabled,
    refetchOnMount: 'always',
    select: (page) => page.items.filter((plan) => plan.enabled),
  });

/** After any change to a plan: every list of plans, on every screen, reloads. */
export const useInvalidatePlans = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
};
