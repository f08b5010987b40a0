import type { Plan } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { PlansList } from './get-plans';

export type PlanAction = 'enable' | 'disable';

/** Admin only (product.md §3). */
export const managePlan = (id: number, action: PlanAction) =>
  apiClient.get<Plan>(`/subscriptions/desc/${id}/manage/${action}`);

export const useManagePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PlanAction }) => managePlan(id, action),
    onSuccess: (plan) => {
      // The answer is the plan as saved: show it at once, then let the list catch up.
      queryClient.setQueriesData<PlansList>({ queryKey: ['plans', 'getList'] }, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === plan.id ? plan : item)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
};
