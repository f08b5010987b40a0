import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';
import { type Installation, newInstallation, openInstallation } from './installation';

const METRICS_TOKEN = 'backup-schedule-metrics-token';
const DAY = 24 * 3600_000;

let source: Installation;
let t: TestApp;
let backupDir: string;

beforeAll(async () => {
  source = await newInstallation(true);
  backupDir = join(source.dataDir, 'archives');
  t = await buildTestApp({
    database: await openInstallation(source),
    extraEnv: { ...source.env, BACKUP_CRON: '0 3 * * *', BACKUP_KEEP: '2', BACKUP_DIR: backupDir, METRICS_TOKEN },
    // The schedule's job runs when the test moves the clock and wakes the worker, not on a poll.
    jobsPollMs: 3_600_000,
  });
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
});
afterAll(async () => {
  await t?.close();
  await source?.remove();
});

/** Signed in afresh each time: the test moves the clock by days, past a session's life. */
const status = async (as?: 'admin' | 'editor') => {
  const token = as ? (await t.signin(`${as}@pult.test`)).apiToken : undefined;
  return t.app.inject({ url: '/api/backups/status', headers: token ? { 'api-token': token } : {} });
};

/** The next day's 03:00 UTC comes: the job is due, the worker takes it and finishes. */
async function nextNight() {
  t.clock.advance(DAY);
  t.app.jobs.wake();
  await t.app.jobs.idle();
}

const archives = () =>
  readdirSync(backupDir)
    .filter((name) => name.endsWith('.tar.gz'))
    .sort();

describe(`scheduled backups (${testDbKind})`, () => {
  it('arms the schedule at start and shows it, with no backup yet', async () => {
    const response = await status('admin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.schedule).toMatchObject({ cron: '0 3 * * *', keep: 2 });
    expect(new Date(body.schedule.nextRunAt).getUTCHours()).toBe(3);
    expect(new Date(body.schedule.nextRunAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(body.lastSuccess).toBeNull();
    expect(body.lastFailure).toBeNull();
  });

  it('is for admins only', async () => {
    expect((await status('editor')).statusCode).toBe(403);
    expect((await status()).statusCode).toBe(401);
  });

  it('writes an archive each night into BACKUP_DIR, keeps the newest BACKUP_KEEP, and reports the latest', async () => {
    await nextNight();
    expect(archives()).toHaveLength(1);
    await nextNight();
    await nextNight();
    const kept = archives();
    expect(kept).toHaveLength(2);
    const newest = kept.at(-1) ?? '';
    expect(newest).toMatch(/^pult-backup-\d{8}-\d{6}\.tar\.gz$/);

    const response = await status('admin');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.lastSuccess).toMatchObject({
      file: newest,
      sizeBytes: statSync(join(backupDir, newest)).size,
      trigger: 'schedule',
    });
    expect(new Date(body.schedule.nextRunAt).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain(`pult_backup_last_size_bytes ${statSync(join(backupDir, newest)).size}`);
    const at = /^pult_backup_last_success_timestamp_seconds (\S+)$/m.exec(metrics.body)?.[1];
    expect(Number(at)).toBeCloseTo(new Date(body.lastSuccess.at).getTime() / 1000, 0);
  });

  it('shows a failed backup until the next one succeeds, and the schedule goes on', async () => {
    const before = (await status('admin')).json().lastSuccess;
    rmSync(backupDir, { recursive: true, force: true });
    writeFileSync(backupDir, 'not a folder');
    await nextNight();
    const failed = (await status('admin')).json();
    expect(failed.lastSuccess).toEqual(before);
    expect(failed.lastFailure).toMatchObject({ trigger: 'schedule' });
    expect(failed.lastFailure.error.length).toBeGreaterThan(0);

    rmSync(backupDir, { force: true });
    await nextNight();
    const healed = (await status('admin')).json();
    expect(healed.lastFailure).toBeNull();
    expect(healed.lastSuccess.file).not.toBe(before.file);
  });
});

describe('backup status without a schedule', () => {
  it('says there is no schedule and no backup', async () => {
    const bare = await buildTestApp();
    try {
      await bare.createUser({ email: 'admin@pult.test', role: 'admin' });
      const { apiToken } = await bare.signin('admin@pult.test');
      const response = await bare.app.inject({ url: '/api/backups/status', headers: { 'api-token': apiToken } });
      expect(response.json()).toEqual({ schedule: null, lastSuccess: null, lastFailure: null });
    } finally {
      await bare.close();
    }
  });
});

describe('BACKUP_CRON', () => {
  it('refuses a malformed schedule in the configuration, and a value out of range when the server starts', async () => {
    expect(() => loadEnv({ BACKUP_CRON: 'nightly' })).toThrow(/BACKUP_CRON/);
    await expect(buildTestApp({ extraEnv: { BACKUP_CRON: '61 3 * * *' } })).rejects.toThrow(/BACKUP_CRON/);
  });
});
