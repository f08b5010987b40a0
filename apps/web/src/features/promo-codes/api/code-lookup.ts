import { type CodeLookup, codeLookupQuery } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { errorCodeOf } from '../../../lib/describe-error';
import { promoKeys } from './keys';

/** Whether a typed text could be a code at all (the contract's own rule), so nothing else is sent. */
export const looksLikeCode = (text: string): boolean => codeLookupQuery.safeParse({ code: text }).success;

/** One code by its exact value, in whichever series; null when no series has it (or the text cannot be a code). */
export const lookupCode = async (code: string, signal?: AbortSignal): Promise<CodeLookup | null> => {
  if (!looksLikeCode(code)) return null;
  try {
    return await api.promoCodes.lookup({ query: { code } }, { signal });
  } catch (error) {
    if (errorCodeOf(error) === 'CODE_NOT_FOUND') return null;
    throw error;
  }
};

const codeLookupQueryOptions = (code: string) =>
  queryOptions({ queryKey: promoKeys.lookup(code), queryFn: ({ signal }) => lookupCode(code, signal) });

export const useCodeLookup = (code: string) =>
  useQuery({ ...codeLookupQueryOptions(code), enabled: looksLikeCode(code) });
