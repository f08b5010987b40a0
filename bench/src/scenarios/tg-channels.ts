import { api, pathOf } from '../lib/api';
import type { LoadScenario } from './scenario';

/**
 * GET /api/common/tg-channels?take=1000&page=1: what both channel screens load on every visit (the
 * seed's ~300 channels in one answer, ordered by category and place).
 */
export const tgChannelsAllScenario: LoadScenario = {
  name: 'tg-channels-all',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 50 },
  notes: 'GET /api/common/tg-channels?take=1000&page=1: every channel at once, as both channel screens ask.',
  request: ({ token }) => ({
    method: 'GET',
    path: pathOf(api.telegramChannels.listChannels, { query: { take: 1000, page: 1 } }),
    headers: { 'api-token': token },
  }),
  check: (body) =>
    ((body as { items?: unknown[] }).items ?? []).length === 0 ? 'no channels: run the seed first' : null,
};
