import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type JobHandler, jobKind } from '../jobs';
import { BackupError, backupErrorText } from './backup-error';
import { type BackupDeps, runBackupToFile } from './backup-runner';

/** The schedule's one job (jobs table): claimed by one process at a time, re-armed for the next tick. */
export const scheduledBackupKind = jobKind('scheduled-backup', { maxAttempts: 3 });
const SUBJECT = 1;

/** Archives the schedule writes and prunes: nothing else in BACKUP_DIR is touched. */
const ARCHIVE_NAME = /^pult-backup-\d{8}-\d{6}\.tar\.gz$/;

/** `pult-backup-20261127-030000.tar.gz` (UTC), so names sort as their times. */
export const archiveName = (at: Date) =>
  `pult-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')}.tar.gz`;

/**
 * The next time BACKUP_CRON names after `after`, in UTC. cron-parser is loaded only by a server with a
 * schedule: it is not among what every start compiles (docs/decisions/0023).
 */
export async function nextBackupTime(cron: string, after: Date): Promise<Date> {
  // A CommonJS package: Node's loader names its exports, the bundle (esbuild) hands them as `default`.
  type Parser = typeof import('cron-parser').CronExpressionParser;
  const loaded = (await import('cron-parser')) as {
    CronExpressionParser?: Parser;
    default?: { CronExpressionParser?: Parser };
  };
  const CronExpressionParser = loaded.CronExpressionParser ?? loaded.default?.CronExpressionParser;
  if (!CronExpressionParser) throw new Error('cron-parser did not load');
  try {
    return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
  } catch (error) {
    throw new BackupError(`Invalid configuration:\n  BACKUP_CRON: ${(error as Error).message}`);
  }
}

/** Keeps the `keep` newest archives of the schedule in `dir`; answers the names removed. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(dir, name), { force: true });
  // A partial file is a backup that a killed process left; none is being written while this one finished.
  for (const name of await readdir(dir))
    if (name.endsWith('.tar.gz.partial') && ARCHIVE_NAME.test(name.slice(0, -'.partial'.length)))
      await rm(join(dir, name), { force: true });
  return removed;
}

/**
 * Arms the schedule's job for its next time (every process does at start; the job is one row). A job
 * due earlier (a backup missed while no server ran) keeps its time and runs now; a running one is left
 * to its process.
 */
export async function armSchedule(db: Db, runAt: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (kind, subject_id, status, run_at) VALUES (${scheduledBackupKind.name}, ${SUBJECT}, 'pending', ${runAt})
    ON CONFLICT (kind, subject_id) DO UPDATE SET
      run_at = CASE WHEN jobs.status = 'pending' THEN least(jobs.run_at, excluded.run_at) ELSE excluded.run_at END,
      status = 'pending', attempts = 0, lease_until = NULL, lease_owner = NULL, updated_at = now()
    WHERE jobs.status <> 'running'`);
}

/** The schedule's settings from the configuration, or undefined when BACKUP_CRON is unset. */
export const scheduleOf = (deps: Pick<BackupDeps, 'env'>) =>
  deps.env.BACKUP_CRON
    ? { cron: deps.env.BACKUP_CRON, dir: deps.env.backupDir, keep: deps.env.BACKUP_KEEP }
    : undefined;

/**
 * One scheduled backup: an archive in BACKUP_DIR, the oldest beyond BACKUP_KEEP removed, the job
 * re-armed for the next tick. A failure is retried with the jobs' back-off; once its attempts are
 * spent the schedule still goes on at the next tick (its error stays on the jobs screen and the
 * settings screen). The lease is renewed while the archive is written; a shutdown stops the backup
 * and leaves the job due, for the next start or another process.
 */
export const scheduledBackupHandler =
  (deps: BackupDeps): JobHandler =>
  async (job, control) => {
    const schedule = scheduleOf(deps);
    if (!schedule) return { status: 'done' };
    const abort = new AbortController();
    const watch = setInterval(() => {
      if (control.stopping()) abort.abort(new BackupError('the server is shutting down'));
      else
        void control.renew().then(
          (held) => held || abort.abort(new BackupError('the job was canceled or taken over')),
          () => undefined,
        );
    }, 5000);
    try {
      const started = deps.clock.now();
      const file = join(schedule.dir, archiveName(started));
      const written = await runBackupToFile(deps, file, 'schedule', abort.signal);
      const removed = await pruneArchives(schedule.dir, schedule.keep);
      deps.log.info({ file, bytes: written.bytes, removed: removed.length }, 'scheduled backup written');
      return { status: 'later', runAt: await nextBackupTime(schedule.cron, deps.clock.now()) };
    } catch (error) {
      if (control.stopping()) return { status: 'later', runAt: deps.clock.now() };
      if (job.attempts < scheduledBackupKind.maxAttempts) throw error;
      deps.log.error({ err: backupErrorText(error) }, 'scheduled backup failed; the next one is at the next tick');
      return { status: 'later', runAt: await nextBackupTime(schedule.cron, deps.clock.now()) };
    } finally {
      clearInterval(watch);
    }
  };
