import { loadavg } from 'node:os';
import { etagOf } from '@pult/contract';
import { api, pathOf } from '../lib/api';
import { type OpenStream, openStream } from '../lib/event-streams';
import { summarize } from '../lib/percentiles';
import type { MeasuredScenario } from './scenario';

const STREAMS = 200;
const CHANGES = 50;
const EVERY_MS = 200;
/** How long after the last change a missing arrival is waited for. */
const GRACE_MS = 5_000;
/** Streams opened at once while setting up. */
const OPENING = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round2 = (n: number) => Math.round(n * 100) / 100;
const load = () => loadavg().map(round2);

interface Counted {
  statements: number;
  byText: Record<string, number>;
}

/** What src/pg-statement-counter.ts has counted of this server's statements so far. */
async function countedSoFar(counter: string | undefined): Promise<Counted> {
  if (!counter) return { statements: 0, byText: {} };
  return (await (await fetch(counter)).json()) as Counted;
}

/** The statements of `after` not already in `before`, by text, most first. */
const newStatements = (before: Counted, after: Counted) =>
  Object.fromEntries(
    Object.entries(after.byText)
      .map(([text, n]) => [text, n - (before.byText[text] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .sort((x, y) => y[1] - x[1]),
  );

/**
 * Issue 32: one change to STREAMS connected staff within 2 s p99 (decision 0036's fan-out). Opens the
 * streams (a ticket each, then `GET /api/events?ticket=`), then saves one new note CHANGES times, one
 * every EVERY_MS (PATCH with If-Match), and times each change's arrival on every stream from the
 * save's answer (negative: it arrived before the answer did, which commit-then-answer allows) and from
 * the request's start. With --statement-counter (the server's database behind src/pg-statement-counter.ts),
 * the server's statements are counted over a quiet stretch with the streams open and over the changes: a
 * query per stream per change would show as STREAMS more per change.
 */
export const eventsFanoutScenario: MeasuredScenario = {
  name: 'events-fanout',
  mode: { kind: 'measured' },
  target: { p99Ms: 2000 },
  notes:
    `${STREAMS} SSE streams (POST /api/events/ticket, GET /api/events?ticket=) on one admin session, then ` +
    `${CHANGES} PATCH /api/notes/:id (If-Match) of one new note, one every ${EVERY_MS} ms; latency of every ` +
    '(change, stream) pair from the save’s answer to the event’s arrival; with --statement-counter, the ' +
    'server’s statements per change, less the rate of an equally long quiet stretch with the streams open.',
  async run({ options, api: client, token }) {
    const loadBefore = load();
    const stamp = Date.now().toString(36);
    const note = await client.notes.create({
      body: { title: `Рассылка событий ${stamp}`, body: 'Заметка бенчмарка: каждое сохранение уходит всем.' },
    });
    // arrivals[version] = arrival times over the streams.
    const arrivals = new Map<number, number[]>();
    const streams: OpenStream[] = [];
    const onEvent = (event: { resource: string; id: number; version: number }, at: number) => {
      if (event.resource !== 'note' || event.id !== note.id) return;
      const list = arrivals.get(event.version) ?? [];
      list.push(at);
      arrivals.set(event.version, list);
    };
    const counter = options.statementCounter;
    try {
      const openingStarted = performance.now();
      for (let i = 0; i < STREAMS; i += OPENING) {
        const batch = Array.from({ length: Math.min(OPENING, STREAMS - i) }, async () => {
          const { ticket } = await client.events.ticket({});
          return openStream(options.url, ticket, onEvent);
        });
        streams.push(...(await Promise.all(batch)));
      }
      const openingSeconds = round2((performance.now() - openingStarted) / 1000);
      await sleep(1000);
      const quietStarted = performance.now();
      const quietBefore = await countedSoFar(counter);
      await sleep(CHANGES * EVERY_MS);
      const quietAfter = await countedSoFar(counter);
      const quietSeconds = (performance.now() - quietStarted) / 1000;

      const loadAtChanges = load();
      const writes: { version: number; sentAt: number; answeredAt: number }[] = [];
      let version = note.version;
      const started = performance.now();
      for (let i = 0; i < CHANGES; i += 1) {
        const due = started + i * EVERY_MS;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const sentAt = performance.now();
        const response = await fetch(`${options.url}${pathOf(api.notes.update, { params: { id: note.id } })}`, {
          method: 'PATCH',
          headers: { 'api-token': token, 'content-type': 'application/json', 'if-match': etagOf(version) },
          body: JSON.stringify({ body: `Изменение ${i + 1} из ${CHANGES}, ${stamp}.` }),
        });
        const answer = (await response.json()) as { version?: number };
        const answeredAt = performance.now();
        if (!response.ok || answer.version === undefined) {
          throw new Error(`PATCH note: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 200)}`);
        }
        version = answer.version;
        writes.push({ version, sentAt, answeredAt });
      }
      const changesSeconds = (performance.now() - started) / 1000;
      const expected = STREAMS * CHANGES;
      const deadline = performance.now() + GRACE_MS;
      const arrived = () => writes.reduce((n, w) => n + (arrivals.get(w.version)?.length ?? 0), 0);
      while (arrived() < expected && performance.now() < deadline) await sleep(50);
      const busyAfter = await countedSoFar(counter);
      const busySeconds = (performance.now() - quietStarted) / 1000 - quietSeconds;

      const fromAnswer: number[] = [];
      const fromSend: number[] = [];
      const writeMs: number[] = [];
      for (const write of writes) {
        writeMs.push(write.answeredAt - write.sentAt);
        for (const at of arrivals.get(write.version) ?? []) {
          fromAnswer.push(at - write.answeredAt);
          fromSend.push(at - write.sentAt);
        }
      }
      const delivered = fromAnswer.length;
      const fromAnswerMs = { ...summarize(fromAnswer), min: round2(Math.min(...fromAnswer)) };
      const quiet = quietAfter.statements - quietBefore.statements;
      const busy = busyAfter.statements - quietAfter.statements;
      const measurements = {
        streams: STREAMS,
        changes: CHANGES,
        everyMs: EVERY_MS,
        openingSeconds,
        changesSeconds: round2(changesSeconds),
        delivered,
        expected,
        arrivalFromAnswerMs: fromAnswerMs,
        arrivalFromRequestMs: summarize(fromSend),
        writeMs: summarize(writeMs),
        ...(counter
          ? {
              serverStatements: {
                quietSeconds: round2(quietSeconds),
                quiet,
                busySeconds: round2(busySeconds),
                busy,
                perChange: round2((busy - (quiet / quietSeconds) * busySeconds) / CHANGES),
                busyByText: newStatements(quietAfter, busyAfter),
                quietByText: newStatements(quietBefore, quietAfter),
              },
            }
          : {}),
        loadAverage: { before: loadBefore, atChanges: loadAtChanges, after: load() },
      };
      return { measurements, met: delivered === expected && fromAnswerMs.p99 <= 2000 };
    } finally {
      for (const stream of streams) stream.close();
    }
  },
};
