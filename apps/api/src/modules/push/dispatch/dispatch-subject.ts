import type { JobProgress } from '@pult/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reminders } from '../../../db/schema';

/**
 * A dispatch's progress is its push's counters: deliveries handled (sent, failed or skipped) of the devices
 * targeted. Before the audience is resolved there is no total yet, so no progress.
 */
export async function dispatchProgress(db: Db, reminderIds: readonly number[]): Promise<Map<number, JobProgress>> {
  const rows = await db
    .select({
      id: reminders.id,
      targetedAt: reminders.targetedAt,
      targeted: reminders.targeted,
      sent: reminders.sent,
      failed: reminders.failed,
      skipped: reminders.skipped,
    })
    .from(reminders)
    .where(inArray(reminders.id, [...reminderIds]));
  return new Map(
    rows
      .filter((row) => row.targetedAt !== null)
      .map((row) => [
        row.id,
        { done: Math.min(row.targeted, row.sent + row.failed + row.skipped), total: row.targeted },
      ]),
  );
}

/** An admin canceled the dispatch: the push is canceled too, as its own cancel would (while it could still go). */
export async function cancelDispatchedPush(db: Db, reminderId: number, now: Date): Promise<void> {
  await db
    .update(reminders)
    .set({ status: 'canceled', finishedAt: now })
    .where(and(eq(reminders.id, reminderId), inArray(reminders.status, ['scheduled', 'sending'])));
}
