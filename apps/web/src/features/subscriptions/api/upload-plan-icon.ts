import type { Plan } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Multipart field `icon`: PNG, JPEG or WebP up to 1 MB; SVG and others 415, too big 413. */
export const uploadPlanIcon = (id: number, file: Blob) => {
  const body = new FormData();
  body.append('icon', file);
  return apiClient.request<Plan>(`/subscriptions/desc/${id}/icon`, { method: 'POST', body });
};

export const useUploadPlanIcon = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: Blob }) => uploadPlanIcon(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plans'] }),
  });
};
