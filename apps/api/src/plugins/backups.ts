import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  armSchedule,
  type BackupDeps,
  backupsRepository,
  nextBackupTime,
  scheduleOf,
  serveControlSocket,
  stopBackups,
} from '../modules/backups';

/**
 * The server's part in backups (modules/backups): the schedule's job armed at start (BACKUP_CRON),
 * the control socket through which `npm run backup` asks the owner of an embedded folder for a copy,
 * the `pult_backup_last_*` gauges, and, at close, a backup in progress stopped before the database
 * closes (docs/decisions/0034).
 */
export const backupsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: BackupDeps = {
      database: app.database,
      storage: app.storage,
      env: app.env,
      clock: app.clock,
      log: app.log,
    };
    const schedule = scheduleOf(deps);
    // A wrong BACKUP_CRON stops the start here, with the configuration's kind of message.
    const firstRun = schedule ? await nextBackupTime(schedule.cron, app.clock.now()) : undefined;

    app.metrics.gauge({
      name: 'pult_backup_last_success_timestamp_seconds',
      help: 'When the latest complete backup finished (Unix time; 0 before the first)',
      read: async () => {
        const run = await backupsRepository.latest(app.db, 'done');
        return run ? run.finishedAt.getTime() / 1000 : 0;
      },
    });
    app.metrics.gauge({
      name: 'pult_backup_last_size_bytes',
      help: "The latest complete backup's archive size in bytes (0 before the first)",
      read: async () => (await backupsRepository.latest(app.db, 'done'))?.sizeBytes ?? 0,
    });

    let closeSocket: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      if (firstRun) await armSchedule(app.db, firstRun);
      if (app.database.kind === 'pglite' && app.database.dir)
        closeSocket = await serveControlSocket(deps, app.database.dir);
    });
    app.addHook('preClose', async () => {
      await closeSocket?.();
      await stopBackups(app.db);
    });
  },
  { name: 'backups', dependencies: ['db', 'storage', 'metrics'] },
);
