import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** `schedule`: the server's BACKUP_CRON; `command`: `npm run backup`. */
export const backupTrigger = z.enum(['schedule', 'command']);

export const backupStatus = z
  .object({
    /** BACKUP_CRON (UTC) and BACKUP_KEEP as this server reads them; null when no schedule is set. */
    schedule: z
      .object({
        cron: z.string(),
        keep: z.number().int(),
        /** When the schedule's job is due next; null while it runs or before any server armed it. */
        nextRunAt: z.string().nullable(),
      })
      .nullable(),
    /** The latest backup that finished whole: when, its archive's name and size. */
    lastSuccess: z
      .object({
        at: z.string(),
        sizeBytes: z.number().int().nonnegative(),
        file: z.string().nullable(),
        trigger: backupTrigger,
      })
      .nullable(),
    /** A failure after the latest success (a failing schedule shows until a backup succeeds again). */
    lastFailure: z.object({ at: z.string(), error: z.string(), trigger: backupTrigger }).nullable(),
  })
  .meta({ id: 'BackupStatus' });
export type BackupStatus = z.infer<typeof backupStatus>;

/** Backups are made by `npm run backup` and the schedule (docs/operations.md); the API only reports them. */
export const backupsEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/backups/status',
    operationId: 'getBackupStatus',
    summary: 'The latest backup and the schedule',
    description:
      'The latest complete backup (time, archive name, size), a failure since then, and the schedule (BACKUP_CRON, BACKUP_KEEP, next run).',
    tag: 'backups',
    access: ['admin'],
    response: backupStatus,
    errors: [],
  }),
};
