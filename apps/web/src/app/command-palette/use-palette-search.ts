import { type CodeLookup, type PromoSeries, type User, userSearch } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { lookupCode, promoKeys } from '../../features/promo-codes';
import { userKeys } from '../../features/users';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** A handful per kind: the palette is for jumping to one thing, the lists are for browsing. */
const TAKE = 5;
/** Shorter texts match half the database and tell the server nothing. */
const MIN_LENGTH = 2;
/** A code is looked up only once it is long enough to be one (the shortest prefix plus a few characters). */
const MIN_CODE_LENGTH = 4;

const NO_USERS: User[] = [];
const NO_SERIES: PromoSeries[] = [];

export interface PaletteSearch {
  users: User[];
  series: PromoSeries[];
  code: CodeLookup | null;
  /** Some search for the settled text is still under way. */
  searching: boolean;
  failed: boolean;
}

/**
 * Users (the contract's one user search: e-mail, phone, name or id), promo series (name) and one code (exact value) for the typed text,
 * once typing pauses. Each query passes its AbortSignal, so a request for an outdated text is
 * cancelled when the text moves on, and an older answer never replaces a newer one (separate keys).
 */
export const usePaletteSearch = (text: string, open: boolean): PaletteSearch => {
  const settled = useDebouncedValue(text.trim(), 250);
  const enabled = open && settled.length >= MIN_LENGTH;

  const users = useQuery({
    queryKey: userKeys.list({ palette: settled }),
    queryFn: ({ signal }) => api.users.list({ query: { take: TAKE, page: 1, ...userSearch(settled) } }, { signal }),
    enabled,
    staleTime: 30_000,
  });
  const series = useQuery({
    queryKey: promoKeys.list({ palette: settled }),
    queryFn: ({ signal }) => api.promoCodes.list({ query: { take: TAKE, page: 1, name: settled } }, { signal }),
    enabled,
    staleTime: 30_000,
  });
  // The lookup (and the contract's rule for what can be a code) is downloaded on the first long enough text;
  // a text that cannot be a code is answered null without a request.
  const code = useQuery({
    queryKey: promoKeys.lookup(settled),
    queryFn: ({ signal }) => lookupCode(settled, signal),
    enabled: enabled && settled.length >= MIN_CODE_LENGTH,
    staleTime: 30_000,
    retry: false,
  });

  const waiting = text.trim() !== settled;
  return {
    users: (enabled && users.data?.items) || NO_USERS,
    series: (enabled && series.data?.items) || NO_SERIES,
    code: enabled ? (code.data ?? null) : null,
    searching:
      open && text.trim().length >= MIN_LENGTH && (waiting || users.isFetching || series.isFetching || code.isFetching),
    failed: users.isError || series.isError || code.isError,
  };
};
