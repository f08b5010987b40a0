import type { PultModule } from '../../pult-module';
import { scheduledBackupHandler, scheduledBackupKind } from './backup-schedule';
import { backupsRoutes } from './backups-routes';

export { verifyArchive } from './archive-reader';
/**
 * Backups (docs/operations.md "Backups", docs/decisions/0034): one archive of the database and the
 * stored files, made by `npm run backup` and by the schedule (BACKUP_CRON), restored by `npm run restore`.
 * The API only reports them (GET /backups/status, the `pult_backup_last_*` metrics).
 */
export { BackupError } from './backup-error';
export {
  type BackupDeps,
  filesSourceOf,
  runBackup,
  runBackupToFile,
  stopBackups,
} from './backup-runner';
export { armSchedule, nextBackupTime, scheduledBackupKind, scheduleOf } from './backup-schedule';
export { backupsRepository } from './backups-repository';
export { controlSocketPath, requestBackup, serveControlSocket } from './control-socket';
export { type RestoreTarget, restoreBackup } from './restore-backup';
export { appliedSchemaVersion, assertRestorable } from './schema-version';
export { writeBackup } from './write-backup';

export const backupsModule: PultModule = {
  name: 'backups',
  routes: [backupsRoutes],
  jobKinds: [scheduledBackupKind],
  jobs: (setup) => [{ kind: scheduledBackupKind, handler: scheduledBackupHandler(setup) }],
};
