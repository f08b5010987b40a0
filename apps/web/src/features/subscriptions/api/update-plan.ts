import type { Plan, UpdatePlanBody } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface UpdatePlanInput {
  id: number;
  changes: UpdatePlanBody;
}

/** Editors may send texts only; price, period and duration are admin-only (403 otherwise). */
export const updatePlan = ({ id, changes }: UpdatePlanInput) =>
  apiClient.patch<Plan>(`/subscriptions/desc/${id}`, changes);

export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plans'] }),
  });
};
