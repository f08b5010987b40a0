import { loadavg } from 'node:os';
import type { ImportKind, ImportState } from '@pult/contract';
import { type FetchClient, usersPath } from '../lib/api';
import { runOpenLoad } from '../lib/open-load';
import { watchRss } from '../lib/rss';
import { waitFor } from '../lib/wait';
import { createSeries, waitGenerated } from './promo-fixtures';
import type { MeasuredScenario } from './scenario';

/** The users list an admin keeps using meanwhile, evenly spaced (open load), as for the generation. */
const BACKGROUND_RATE = 20;

/**
 * Text in Windows-1251, as Russian Excel saves a CSV: ASCII as is, А–я from 0xC0, Ё and ё apart (the
 * bench needs no more of the code page; the server decodes with iconv-lite).
 */
const windows1251 = (text: string): Buffer =>
  Buffer.from(
    Array.from(text, (char) => {
      const code = char.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (char === 'Ё') return 0xa8;
      if (char === 'ё') return 0xb8;
      throw new Error(`not in the bench's code page: ${char}`);
    }),
  );

const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

/** Uploads the file, waits for its job to end, and answers its final state and the seconds taken. */
async function importFile(api: FetchClient, file: Buffer, target: { kind: ImportKind; seriesId?: string }) {
  const started = performance.now();
  const { id } = await api.imports.create({
    query: { ...target, dryRun: 'false', onInvalid: 'skip' },
    file: new Blob([new Uint8Array(file)], { type: 'text/csv' }),
  });
  const state = await waitFor(
    () => api.imports.get({ params: { id } }),
    (current: ImportState) => current.status !== 'queued' && current.status !== 'running',
    { intervalMs: 200, timeoutMs: 1_800_000, what: `import ${id} to end` },
  );
  return { state, seconds: seconds(started) };
}

/**
 * Issue 36: 100,000 users from a Windows-1251 CSV with «;» as Russian Excel saves it (e-mails tagged
 * by the run, so each run imports them all), then undone. Target: the import within 10 s.
 */
export const importUsers100kScenario: MeasuredScenario = {
  name: 'import-users-100k',
  mode: { kind: 'measured' },
  target: { importSeconds: 10 },
  notes:
    'POST /api/imports (kind users) with a 100,000-row Windows-1251 CSV («;», Cyrillic names, +7 phones written as people do), GET /api/imports/:id every 200 ms until done; then POST /api/imports/:id/undo. RSS of the server sampled every 100 ms (--server-pid); the load average before and after.',
  async run({ api, options }) {
    const tag = Date.now().toString(36);
    const lines = ['Фамилия;Имя;Электронная почта;Телефон'];
    for (let n = 0; n < 100_000; n++)
      lines.push(
        `Иванова;Анна;bench.${tag}.${n}@example.ru;8 9${String(n).padStart(9, '0').slice(0, 2)} ${String(n).padStart(7, '0')}`,
      );
    const file = windows1251(`${lines.join('\r\n')}\r\n`);
    const loadBefore = load();
    const rss = options.serverPid ? await watchRss(options.serverPid) : undefined;
    const { state, seconds: importSeconds } = await importFile(api, file, { kind: 'users' });
    const memory = await rss?.stop();
    const undoStarted = performance.now();
    const undone = await api.imports.undo({ params: { id: state.id } });
    const undoSeconds = seconds(undoStarted);
    const measurements = {
      fileBytes: file.length,
      status: state.status,
      imported: state.imported,
      invalid: state.invalid,
      importSeconds,
      rowsPerSecond: Math.round(state.imported / importSeconds),
      undoStatus: undone.status,
      undoSeconds,
      serverRss: memory ?? 'not measured: pass --server-pid',
      loadAverageBefore: loadBefore,
      loadAverageAfter: load(),
    };
    return { measurements, met: state.imported === 100_000 && importSeconds <= 10 && undone.status === 'undone' };
  },
};

/**
 * Issue 36: a million external codes into a series (a marketplace's list, one code a line, no
 * header) while the users list is read at 20 req/s; then the undo. Targets: import ≤ 30 s, RSS growth
 * ≤ 100 MB, users page 1 p99 ≤ 100 ms meanwhile, undo ≤ 30 s.
 */
export const importCodes1mScenario: MeasuredScenario = {
  name: 'import-codes-1m',
  mode: { kind: 'measured' },
  target: { importSeconds: 30, rssGrowthMb: 100, concurrentP99Ms: 100, undoSeconds: 30 },
  notes:
    'A series of 1 generated code is made first; then POST /api/imports (kind promo-codes, seriesId) with a 1,000,000-line CSV of codes (no header), GET /api/imports/:id every 200 ms until done, while GET /api/users?take=20&page=1 runs at 20 req/s (open load); then POST /api/imports/:id/undo. RSS sampled every 100 ms (--server-pid); the load average before and after.',
  async run({ api, options, token }) {
    const created = await createSeries(api, { name: 'Бенчмарк импорта', prefix: 'IMP', codesCount: 1 });
    await waitGenerated(api, created.id);
    const tag = Date.now().toString(36).toUpperCase();
    const parts: string[] = [];
    for (let n = 0; n < 1_000_000; n++) parts.push(`MP-${tag}-${n.toString(36).toUpperCase().padStart(4, '0')}`);
    const file = Buffer.from(`${parts.join('\n')}\n`);
    const loadBefore = load();
    const rss = options.serverPid ? await watchRss(options.serverPid) : undefined;
    const stop = new AbortController();
    const background = runOpenLoad({
      url: options.url,
      request: { method: 'GET', path: usersPath(1), headers: { 'api-token': token } },
      rate: BACKGROUND_RATE,
      durationSeconds: 3600,
      stop: stop.signal,
    });
    const { state, seconds: importSeconds } = await importFile(api, file, {
      kind: 'promo-codes',
      seriesId: String(created.id),
    });
    stop.abort();
    const users = await background;
    const memory = await rss?.stop();
    const undoStarted = performance.now();
    const undone = await api.imports.undo({ params: { id: state.id } });
    const undoSeconds = seconds(undoStarted);
    const measurements = {
      seriesId: created.id,
      fileBytes: file.length,
      status: state.status,
      imported: state.imported,
      importSeconds,
      codesPerSecond: Math.round(state.imported / importSeconds),
      undoStatus: undone.status,
      undoSeconds,
      serverRss: memory ?? 'not measured: pass --server-pid',
      concurrentUsersPage1: {
        targetRate: BACKGROUND_RATE,
        loadModel: 'open',
        perSecond: users.perSecond,
        latencyMs: users.latencyMs,
        errors: users.errors,
        non2xx: users.non2xx,
      },
      loadAverageBefore: loadBefore,
      loadAverageAfter: load(),
    };
    const met =
      state.imported === 1_000_000 &&
      importSeconds <= 30 &&
      (memory?.growthMb ?? Number.POSITIVE_INFINITY) <= 100 &&
      users.latencyMs.p99 <= 100 &&
      undone.status === 'undone' &&
      undoSeconds <= 30;
    return { measurements, met };
  },
};
