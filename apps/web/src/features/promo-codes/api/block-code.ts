import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { ActivatedCode } from './get-activated-codes';

export const blockCode = ({ id, code }: { id: number; code: string }) =>
  apiClient.get<ActivatedCode>(`/promo-codes/${id}/block/${encodeURIComponent(code)}`);

export const useBlockCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockCode,
    // The code's row, the series counters and the generated list all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['promo-codes'] }),
  });
};
