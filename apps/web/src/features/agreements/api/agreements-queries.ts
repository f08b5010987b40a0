import type { AgreementType, PublishAgreementBody } from '@pult/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { agreementKeys } from './keys';

/** The latest version of each document, as the planner app sees it. */
export const currentAgreementsQuery = () =>
  queryOptions({
    queryKey: agreementKeys.list({ current: true }),
    queryFn: ({ signal }) => api.agreements.latest({}, { signal }),
  });

export const useCurrentAgreements = () => useQuery(currentAgreementsQuery());

/** Every version of one document with its acceptance count (a document has tens of versions at most). */
export const useAgreementHistory = (type: AgreementType) =>
  useQuery({
    queryKey: agreementKeys.list({ type }),
    queryFn: ({ signal }) => api.agreements.history({ query: { type, take: 100 } }, { signal }),
  });

export const usePublishAgreement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishAgreementBody) => api.agreements.publish({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
  });
};

/** What one user accepted, for the user page. */
export const useUserConsents = (userId: number) =>
  useQuery({
    queryKey: agreementKeys.consents(userId),
    queryFn: ({ signal }) => api.agreements.userConsents({ params: { id: userId } }, { signal }),
  });
