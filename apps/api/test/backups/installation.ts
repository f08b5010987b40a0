import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { asTestAdmin, databaseUrl, testDbKind } from '../helpers/test-database';

const run = promisify(execFile);
const cliDir = new URL('../../src/cli/', import.meta.url).pathname;

/** A data folder, and on PostgreSQL a database of its own: what the commands are pointed at. */
export interface Installation {
  dataDir: string;
  /** The configuration the commands and the app get. */
  env: Record<string, string>;
  /** PostgreSQL's database name (dropped by `remove`). */
  databaseName?: string;
  remove(): Promise<void>;
}

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('PULT_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
};

/**
 * A new installation of the pass's kind. `migrated`: a database already there (PostgreSQL: a copy of
 * the migrated template); otherwise an empty folder or an empty database, a restore's target.
 */
export async function newInstallation(migrated: boolean): Promise<Installation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pult-bk-'));
  if (testDbKind === 'pglite')
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const name = `pult_b_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await asTestAdmin(adminUrl(), `CREATE DATABASE ${name}${migrated && template ? ` TEMPLATE ${template}` : ''}`);
  return {
    dataDir,
    databaseName: name,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(adminUrl(), name) },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      await asTestAdmin(adminUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The installation's database opened as the server opens it (migrations brought up to date). */
export const openInstallation = (installation: Installation): Promise<Database> =>
  installation.env.DATABASE_URL
    ? openDatabase({ url: installation.env.DATABASE_URL })
    : openDatabase({ pgliteDir: join(installation.dataDir, 'pglite') });

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as an operator runs them: their own process, the installation's configuration. */
export async function command(
  name: 'backup' | 'restore',
  installation: Installation,
  ...args: string[]
): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...installation.env };
  delete env.INIT_CWD;
  if (!installation.env.DATABASE_URL) delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(cliDir, `${name}.ts`), ...args], {
      env,
      maxBuffer: 10 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
