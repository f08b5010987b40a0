import type { BackupStatus } from '@pult/contract';
import type { ServiceContext } from '../../lib/service-context';
import { findJob } from '../jobs';
import { scheduledBackupKind } from './backup-schedule';
import { backupsRepository } from './backups-repository';

/** What the settings screen shows of backups; they are made by the command and the schedule, never by the API. */
export const backupsService = {
  async status(ctx: Pick<ServiceContext, 'db' | 'deps'>): Promise<BackupStatus> {
    const schedule = ctx.deps.backupSchedule;
    const lastSuccess = await backupsRepository.latest(ctx.db, 'done');
    const lastFailure = await backupsRepository.failureSince(ctx.db, lastSuccess?.finishedAt);
    const job = schedule ? await findJob(ctx.db, scheduledBackupKind, 1) : undefined;
    return {
      schedule: schedule
        ? {
            cron: schedule.cron,
            keep: schedule.keep,
            nextRunAt: job?.status === 'pending' ? job.runAt.toISOString() : null,
          }
        : null,
      lastSuccess: lastSuccess
        ? {
            at: lastSuccess.finishedAt.toISOString(),
            sizeBytes: lastSuccess.sizeBytes ?? 0,
            file: lastSuccess.file,
            trigger: lastSuccess.trigger,
          }
        : null,
      lastFailure: lastFailure
        ? { at: lastFailure.finishedAt.toISOString(), error: lastFailure.error ?? '', trigger: lastFailure.trigger }
        : null,
    };
  },
};
