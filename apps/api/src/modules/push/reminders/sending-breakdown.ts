import type { Db } from '../../../db/client';
import { remindersRepository as repo } from './reminders-repository';

/** How long a sending push's breakdown is served again before it is counted anew. */
export const SENDING_BREAKDOWN_MS = 5_000;

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

const recent = new Map<number, { at: number; value: Promise<Breakdown> }>();

/**
 * A push's breakdown by platform, provider, skip reason, failure and text. While the push is being sent,
 * each open detail asks for it every second, and on a push to 1.3 million devices it read every delivery
 * row each time (2 s of PostgreSQL a request, which slowed the send fourfold in the fan-out bench). So
 * while `sending` it is counted at most every SENDING_BREAKDOWN_MS per process, and tabs asking meanwhile
 * share that count; the progress on the push's own row (targeted, sent, failed) stays exact on every
 * request. Before and after the send it is counted on every request.
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
  if (cached && now.getTime() - cached.at < SENDING_BREAKDOWN_MS) return cached.value;
  const value = countBreakdown(db, reminder.id, reminder.ab !== null);
  recent.set(reminder.id, { at: now.getTime(), value });
  // A failed count is not served again: the next request counts anew.
  value.catch(() => recent.delete(reminder.id));
  return value;
}
