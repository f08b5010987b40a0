import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { catalogKeys } from './keys';

/**
 * The catalog's verdict on a basket id; asks only for a non-empty id (the caller debounces the
 * typing). Kept apart from the promo-codes resource: it is the catalog's data, not ours.
 */
export const useCustomization = (basketId: string) =>
  useQuery({
    queryKey: catalogKeys.customization(basketId),
    queryFn: ({ signal }) => api.promoCodes.customization({ query: { basketId } }, { signal }),
    enabled: basketId.length > 0,
    // The answer is a verdict on the id: asking again would only repeat it.
    retry: false,
    staleTime: 60_000,
  });
