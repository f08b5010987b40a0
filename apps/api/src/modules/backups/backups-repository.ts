import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupRuns } from '../../db/schema';

export type BackupRunRow = typeof backupRuns.$inferSelect;
export type NewBackupRun = typeof backupRuns.$inferInsert;

/** Rows kept: a year of daily backups and then some; older ones are pruned as new ones arrive. */
const KEPT_RUNS = 500;

export const backupsRepository = {
  /** Records a finished backup (done or failed) and prunes the oldest rows beyond the kept number. */
  async record(db: Db, run: NewBackupRun): Promise<void> {
    await db.insert(backupRuns).values(run);
    await db.execute(
      sql`DELETE FROM ${backupRuns} WHERE ${backupRuns.id} <= (SELECT ${backupRuns.id} FROM ${backupRuns} ORDER BY ${backupRuns.id} DESC OFFSET ${KEPT_RUNS} LIMIT 1)`,
    );
  },

  async latest(db: Db, status: BackupRunRow['status']): Promise<BackupRunRow | undefined> {
    const [row] = await db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.status, status))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1);
    return row;
  },

  /** The latest failure after `since` (the last success), if any: a failing schedule shows until it succeeds again. */
  async failureSince(db: Db, since: Date | undefined): Promise<BackupRunRow | undefined> {
    const [row] = await db
      .select()
      .from(backupRuns)
      .where(and(eq(backupRuns.status, 'failed'), since ? sql`${backupRuns.finishedAt} > ${since}` : undefined))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1);
    return row;
  },
};
