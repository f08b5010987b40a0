import { api, pathOf, usersPath } from '../lib/api';
import { startLoad } from '../lib/load';
import { summarize } from '../lib/percentiles';
import type { LoadScenario, MeasuredScenario } from './scenario';

/** A word form, not the stored one: «планировать» must find «планирование» and «планируйте». */
const SEARCH = 'планировать';

export const notesSearchScenario: LoadScenario = {
  name: 'notes-search',
  mode: { kind: 'fixed-rate' },
  target: { p99Ms: 50 },
  notes: `GET /api/notes?take=20&page=1&query=${SEARCH}: Russian full text by word forms, relevance order (run at --rate 50 over 100 000 seeded notes).`,
  request: ({ token }) => ({
    method: 'GET',
    path: pathOf(api.notes.list, { query: { take: 20, page: 1, query: SEARCH } }),
    headers: { 'api-token': token },
  }),
  check: (body) => {
    const items = (body as { items?: unknown[] }).items ?? [];
    return items.length === 0 ? `the search for "${SEARCH}" found nothing (seed notes first: --notes 100000)` : null;
  },
};

const CONCURRENT = 20;

/**
 * Share cards: a cold render (a note whose card was never drawn), the cached answer for the same
 * note, and CONCURRENT cold renders at once while the users list is read at 30 req/s.
 */
export const notesShareCardScenario: MeasuredScenario = {
  name: 'notes-share-card',
  mode: { kind: 'measured' },
  target: { coldP50Ms: 200, cachedP50Ms: 10, concurrentUsersP99Ms: 100 },
  notes: `GET /api/notes/:id/image-url/png on fresh notes (cold, one at a time), again (cached), then ${CONCURRENT} cold at once while GET /api/users?take=20&page=1 runs at 30 req/s.`,
  async run({ options, api: client, token }) {
    const stamp = Date.now().toString(36);
    const fresh = async (i: number) =>
      client.notes.create({
        body: {
          title: `Карточка бенчмарка ${stamp} №${i}`,
          body: `Текст заметки ${i}: планирование недели, 15 минут.`,
        },
      });
    const time = async (id: number) => {
      const at = performance.now();
      await client.notes.shareCard({ params: { id } });
      return performance.now() - at;
    };
    const cold: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const note = await fresh(i);
      cold.push(await time(note.id));
      for (let j = 0; j < 5; j += 1) cached.push(await time(note.id));
    }
    const burst = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => fresh(100 + i)));
    const background = startLoad({
      url: options.url,
      request: { method: 'GET', path: usersPath(1), headers: { 'api-token': token } },
      connections: 5,
      durationSeconds: 3600,
      overallRate: 30,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const at = performance.now();
    const concurrent = await Promise.all(burst.map((note) => time(note.id)));
    const burstSeconds = (performance.now() - at) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    background.stop();
    const users = await background.result;
    const coldMs = summarize(cold);
    const cachedMs = summarize(cached);
    const measurements = {
      coldMs,
      cachedMs,
      concurrentRenders: {
        count: CONCURRENT,
        seconds: Math.round(burstSeconds * 100) / 100,
        latencyMs: summarize(concurrent),
      },
      concurrentUsersPage1: { targetRate: 30, latencyMs: users.latencyMs, non2xx: users.non2xx, errors: users.errors },
    };
    const met = coldMs.p50 <= 200 && cachedMs.p50 <= 10 && users.latencyMs.p99 <= 100 && users.non2xx === 0;
    return { measurements, met };
  },
};
