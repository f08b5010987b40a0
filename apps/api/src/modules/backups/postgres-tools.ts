import { spawn } from 'node:child_process';
import { BackupError } from './backup-error';

export interface PgTool {
  name: 'pg_dump' | 'pg_restore';
  /** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` */
  version: string;
  major: number;
}

/**
 * A connection string for a client tool, its password moved to PGPASSWORD: on the command line
 * it would show in `ps` to every user of the machine.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a client tool; its stderr (never the connection string: it goes in as an argument) explains a failure. */
function run(name: PgTool['name'], args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(name, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 65_536) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        reject(
          new BackupError(
            `${name} was not found on PATH. Install PostgreSQL's client tools of the server's major version or newer ` +
              '(Debian/Ubuntu: apt-get install postgresql-client), or put their folder on PATH, and run this again.',
          ),
        );
      else reject(error);
    });
    child.once('close', (code) => {
      if (code === 0) resolve({ stdout });
      else reject(new BackupError(`${name} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** The tool on PATH and its version; a BackupError that says how to get it when it is missing. */
export async function findPgTool(name: PgTool['name']): Promise<PgTool> {
  const { stdout } = await run(name, ['--version']);
  const major = Number(/\)\s*(\d+)/.exec(stdout)?.[1] ?? /(\d+)/.exec(stdout)?.[1]);
  if (!Number.isInteger(major)) throw new BackupError(`Could not read ${name}'s version from "${stdout.trim()}"`);
  return { name, version: stdout.trim(), major };
}

/** pg_dump reads servers of its own major version and older ones, never newer. */
export function assertToolReads(tool: PgTool, serverMajor: number): void {
  if (tool.major < serverMajor)
    throw new BackupError(
      `${tool.version} cannot read a PostgreSQL ${serverMajor} server: install ${tool.name} ${serverMajor} or newer ` +
        `(Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}) and put it first on PATH.`,
    );
}

/** `pg_dump --format=custom` of the database, in the exported snapshot when one is given. */
export async function pgDump(url: string, file: string, snapshot?: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  const args = ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`];
  if (snapshot) args.push(`--snapshot=${snapshot}`);
  await run('pg_dump', [...args, `--dbname=${dbname}`], env);
}

/** Checks that pg_restore can read the dump (its table of contents) before anything is dropped. */
export async function pgRestoreList(file: string): Promise<void> {
  await run('pg_restore', ['--list', file]);
}

/** Restores a custom-format dump in one transaction: it lands whole, or not at all. */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  await run(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}
