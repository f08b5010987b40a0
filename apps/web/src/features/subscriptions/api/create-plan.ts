import type { CreatePlanBody, Plan } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Admin only (product.md §3). A title taken case-insensitively answers 409 with `errors.title`. */
export const createPlan = (body: CreatePlanBody) => apiClient.post<Plan>('/subscriptions/desc', body);

export const useCreatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plans'] }),
  });
};
