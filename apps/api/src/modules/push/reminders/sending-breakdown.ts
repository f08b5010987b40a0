import type { Db } from '../../../db/client';
import { remindersRepository as repo } from './reminders-repository';

/** How long a sending push's breakdown is served again before it is counted anew, at the least. */
export const SENDING_BREAKDOWN_MS = 5_000;
/** And at the most: the breakdown of a push being sent is never older than a minute. */
export const SENDING_BREAKDOWN_MAX_MS = 60_000;

/**
 * How long a count is served again: at most a tenth of the time goes to counting, so a count that
 * took 2 s (1.3M rows at load 10) is served for 20 s; every 5 s it held a database core 40 % of the send.
 */
export const breakdownServedForMs = (tookMs: number) =>
  Math.min(SENDING_BREAKDOWN_MAX_MS, Math.max(SENDING_BREAKDOWN_MS, tookMs * 10));

type Breakdown = Awaited<ReturnType<typeof countBreakdown>>;

/** Every count the detail shows beside the push's own counters: each reads all of the push's delivery rows. */
const countBreakdown = async (db: Db, id: number, ab: boolean) => {
  const [groups, skipped, failures, variants] = await Promise.all([
    repo.breakdown(db, id),
    repo.skippedBy(db, id),
    repo.failures(db, id),
    ab ? repo.byVariant(db, id) : Promise.resolve([]),
  ]);
  return { groups, skipped, failures, variants };
};

const recent = new Map<number, { at: number; value: Promise<Breakdown>; tookMs: number }>();

/**
 * A push's breakdown by platform, provider, skip reason, failure and text. While the push is being sent,
 * each open detail asks for it every second, and on a push to 1.3 million devices it read every delivery
 * row each time (2 s of PostgreSQL a request, which slowed the send fourfold in the fan-out bench). So
 * while `sending` it is counted at most every 5 to 60 s per process (`breakdownServedForMs`), and tabs
 * asking meanwhile share that count; the progress on the push's own row (targeted, sent, failed) stays
 * exact on every request. Before and after the send it is counted on every request.
 */
export function pushBreakdown(
  db: Db,
  now: Date,
  reminder: { id: number; status: string; ab: unknown },
): Promise<Breakdown> {
  if (reminder.status !== 'sending') {
    recent.delete(reminder.id);
    return countBreakdown(db, reminder.id, reminder.ab !== null);
  }
  const cached = recent.get(reminder.id);
  if (cached && now.getTime() - cached.at < breakdownServedForMs(cached.tookMs)) return cached.value;
  const started = performance.now();
  const value = countBreakdown(db, reminder.id, reminder.ab !== null);
  const entry = { at: now.getTime(), value, tookMs: 0 };
  recent.set(reminder.id, entry);
  // The wall time it took, whatever the clock `now` comes from (tests move theirs).
  void value.then(
    () => {
      entry.tookMs = performance.now() - started;
    },
    () => undefined,
  );
  // A failed count is not served again: the next request counts anew.
  value.catch(() => recent.delete(reminder.id));
  return value;
}
