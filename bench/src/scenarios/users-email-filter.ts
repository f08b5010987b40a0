import { usersPath } from '../lib/api';
import type { Scenario } from './scenario';

/** A substring search: without a trigram index this scans every row, which is what it is here to show. */
export const usersEmailFilterScenario: Scenario = {
  name: 'users-email-filter',
  mode: { kind: 'fixed-rate' },
  notes: 'GET /api/users?take=20&page=1&where={"email":"ivan"}: case-insensitive substring filter on e-mail.',
  request: ({ token }) => ({
    method: 'GET',
    path: usersPath(1, { email: 'ivan' }),
    headers: { 'api-token': token },
  }),
  check: (body) => {
    const items = (body as { items?: { email?: unknown }[] }).items ?? [];
    const unfiltered = items.some((item) => typeof item.email !== 'string' || !item.email.includes('ivan'));
    return unfiltered ? 'the server ignored where={"email":"ivan"} (items without "ivan" came back)' : null;
  },
};
