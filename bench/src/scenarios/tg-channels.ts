import { api, pathOf } from '../lib/api';
import type { LoadScenario } from './scenario';

/**
 * GET /api/common/tg-channels?take=1000&page=1: what both channel screens load on every visit (the
 * seed's ~300 channels in one answer, ordered by category and place). Issue 37 target 4: p99 ≤ 30 ms at
 * 100 req/s. Since migration 0048 the server reads the lists' version row, then sends the bytes it
 * already made for that version (docs/decisions/0023). This scenario measures the identity answer (124 kB
 * on the seed), so it says `Accept-Encoding: identity`: without it the bench's `fetch` (undici) asks for
 * `gzip, deflate` by itself, the server sends its gzip, and `fetch` inflates every answer through a zlib
 * stream of its own, whose native memory made the bench's process collect its whole heap about every
 * 0.35 s at 100 req/s: pauses of the bench that landed in the latencies it reported until 2026-11-28.
 * Identity through `fetch` still had a median p99 of 354.7 ms in 6 loaded runs where `node:http` had
 * 64.6 ms against the same server (docs/decisions/0023, the addendum of 2026-11-28).
 */
const allChannels = pathOf(api.telegramChannels.listChannels, { query: { take: 1000, page: 1 } });

export const tgChannelsAllScenario: LoadScenario = {
  name: 'tg-channels-all',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 30 },
  notes:
    'GET /api/common/tg-channels?take=1000&page=1 with Accept-Encoding: identity: every channel at once, as both channel screens ask, uncompressed.',
  request: ({ token }) => ({
    method: 'GET',
    path: allChannels,
    headers: { 'api-token': token, 'accept-encoding': 'identity' },
  }),
  check: (body) =>
    ((body as { items?: unknown[] }).items ?? []).length === 0 ? 'no channels: run the seed first' : null,
};

/**
 * The same list asked again by a browser that has it (issue 37): `If-None-Match` with the ETag of a first
 * answer, and 304 with no body while nothing changed (no serialization, no compression, no transfer;
 * since migration 0048 the list is not read either: the tag is the version row's).
 */
export const tgChannelsRevalidatedScenario: LoadScenario = {
  name: 'tg-channels-all-revalidated',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 30 },
  expectStatus: 304,
  notes: 'GET /api/common/tg-channels?take=1000&page=1 with If-None-Match: the ETag of a first answer.',
  async request({ options, token }) {
    const first = await fetch(`${options.url}${allChannels}`, { headers: { 'api-token': token } });
    await first.arrayBuffer();
    const tag = first.headers.get('etag');
    if (!tag) throw new Error('the channel list has no ETag: this server does not revalidate it');
    return { method: 'GET', path: allChannels, headers: { 'api-token': token, 'if-none-match': tag } };
  },
};
